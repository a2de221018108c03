//! The progress bar: on standard error, only when it is a terminal, and only once the work
//! has taken longer than [`SHOW_AFTER`]. The workers only add to counters; a ticker thread
//! draws.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long the work runs before the bar appears.
pub const SHOW_AFTER: Duration = Duration::from_secs(1);

/// How often the bar is redrawn.
const TICK: Duration = Duration::from_millis(100);

/// What the work has done so far, and the bar that shows it.
pub struct Progress {
    /// Whether a bar may be shown at all.
    enabled: bool,
    /// The size of the work: input bytes (when `bytes` is true) or items.
    total: Option<u64>,
    /// Whether `total` counts input bytes.
    by_bytes: bool,
    items: AtomicU64,
    bytes: AtomicU64,
    start: Instant,
    bar: Mutex<Option<ProgressBar>>,
}

impl Progress {
    /// Progress that shows a bar if `wanted` and standard error is a terminal. `total` is
    /// the size of the work in input bytes (`by_bytes`) or in items; unknown for a pipe.
    pub fn new(wanted: bool, total: Option<u64>, by_bytes: bool) -> Progress {
        Progress {
            enabled: wanted && std::io::stderr().is_terminal(),
            total,
            by_bytes,
            items: AtomicU64::new(0),
            bytes: AtomicU64::new(0),
            start: Instant::now(),
            bar: Mutex::new(None),
        }
    }

    /// Whether a bar may be shown (a ticker is worth running).
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Counts `n` items done.
    pub fn items(&self, n: u64) {
        self.items.fetch_add(n, Ordering::Relaxed);
    }

    /// Counts `n` input bytes done.
    pub fn bytes(&self, n: u64) {
        self.bytes.fetch_add(n, Ordering::Relaxed);
    }

    /// Redraws the bar every tick until `stop` is dropped, then clears it. Shows nothing
    /// before [`SHOW_AFTER`].
    pub fn tick_until(&self, stop: Receiver<()>) {
        while let Err(RecvTimeoutError::Timeout) = stop.recv_timeout(TICK) {
            self.draw();
        }
        self.clear();
    }

    fn draw(&self) {
        if !self.enabled || self.start.elapsed() < SHOW_AFTER {
            return;
        }
        let mut bar = self.bar.lock().unwrap_or_else(|e| e.into_inner());
        let bar = bar.get_or_insert_with(|| self.make_bar());
        let items = self.items.load(Ordering::Relaxed);
        let secs = self.start.elapsed().as_secs_f64();
        bar.set_message(format!(
            "{items} puzzles, {:.0}/s",
            items as f64 / secs.max(1e-9)
        ));
        if self.total.is_some() {
            let done = if self.by_bytes {
                self.bytes.load(Ordering::Relaxed)
            } else {
                items
            };
            bar.set_position(done);
        } else {
            bar.tick();
        }
    }

    fn make_bar(&self) -> ProgressBar {
        let bar = match self.total {
            Some(total) => {
                let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
                let style = ProgressStyle::with_template(
                    "{wide_bar} {percent:>3}% {msg}, {elapsed} elapsed, ETA {eta}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar());
                bar.with_style(style)
            }
            None => {
                let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
                let style = ProgressStyle::with_template("{spinner} {msg}, {elapsed} elapsed")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner());
                bar.with_style(style)
            }
        };
        bar.set_elapsed(self.start.elapsed());
        bar
    }

    /// Clears the bar, if it is shown.
    pub fn clear(&self) {
        let bar = self.bar.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
    }
}
