//! The pipeline every subcommand that reads puzzles runs on: a reader thread reads and
//! splits chunks of lines, the calling thread computes each chunk's answers (on all threads),
//! and a writer thread formats and writes them in input order while the next chunk is
//! computed.

use crate::input::{self, Chunk, Kind};
use crate::library::{self, Error};
use crate::progress::Progress;
use serde::Serialize;
use std::borrow::Cow;
use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// Output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Plain text, one answer a line; comment and blank lines are copied through.
    Text,
    /// One JSON object a line for every puzzle line; comment and blank lines are skipped.
    Json,
}

/// What a subcommand computes for each puzzle, and how it writes the answers.
pub trait Job: Sync {
    /// The answers of one chunk.
    type Answers: Send;

    /// About how many input bytes a chunk holds.
    fn chunk_bytes(&self) -> usize {
        256 * 1024
    }

    /// Whether comment and blank lines are copied to text output (else they are skipped,
    /// as in JSON).
    fn copies_comments(&self) -> bool {
        true
    }

    /// Computes the answers of `chunk`'s puzzles (its boards may be changed).
    fn compute(&self, chunk: &mut Chunk, threads: usize, progress: &Progress) -> Self::Answers;

    /// Writes the answer of the puzzle `text` (the line as read) whose board is `board` in
    /// `answers`.
    fn write(&self, out: &mut Out, line: u64, text: &[u8], answers: &Self::Answers, board: usize);
}

/// Where answers go: the output and error text of one chunk, and the failures so far.
pub struct Out {
    /// The text for standard output.
    pub out: Vec<u8>,
    /// The text for standard error.
    pub err: Vec<u8>,
    /// The format of `out`.
    pub format: Format,
    /// How the input is named in messages.
    pub source: String,
    /// The puzzle lines that failed.
    pub failed: u64,
    /// The puzzles (lines of 81 characters, whether the library takes them or not) read so
    /// far, the one being written included: its number from 1.
    pub puzzles: u64,
}

/// The fields every JSON answer has, then the subcommand's own.
#[derive(Serialize)]
struct Record<'a, T: Serialize> {
    line: u64,
    puzzle: Cow<'a, str>,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    #[serde(flatten)]
    answer: Option<&'a T>,
}

/// Nothing more to say (a failure's JSON record).
#[derive(Serialize)]
struct Nothing {}

impl Out {
    /// Whether the output is JSON.
    pub fn json(&self) -> bool {
        self.format == Format::Json
    }

    /// Reports that the puzzle of line `line` failed with `e` (`detail` replacing the
    /// library's message): a message on standard error, and a record in JSON output.
    pub fn fail(&mut self, line: u64, text: &[u8], e: Error, detail: Option<&str>) {
        self.failed += 1;
        let message = detail.map_or_else(|| library::error_message(e), str::to_string);
        let name = library::error_name(e);
        let _ = writeln!(
            self.err,
            "sudoku: line {line} of {}: {name}: {message}",
            self.source
        );
        if self.json() {
            self.record(line, text, name, Some(&message), None::<&Nothing>);
        }
    }

    /// Writes the JSON record of a puzzle that succeeded, with the fields of `answer`.
    pub fn ok<T: Serialize>(&mut self, line: u64, text: &[u8], answer: &T) {
        self.record(line, text, library::OK_NAME, None, Some(answer));
    }

    fn record<T: Serialize>(
        &mut self,
        line: u64,
        text: &[u8],
        status: &'static str,
        error: Option<&str>,
        answer: Option<&T>,
    ) {
        let record = Record {
            line,
            puzzle: String::from_utf8_lossy(text),
            status,
            error,
            answer,
        };
        // Writing to a Vec fails only if serialising fails, which these types never do.
        let _ = serde_json::to_writer(&mut self.out, &record);
        self.out.push(b'\n');
    }
}

/// How a run ended.
pub enum End {
    /// Everything was read and written; this many puzzle lines failed.
    Done(u64),
    /// Standard output was closed (a reader such as `head` left); this many lines had failed.
    Closed(u64),
}

/// The reasons a run could not go on.
#[derive(Debug)]
pub enum Trouble {
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the output failed (not because it was closed).
    Write(io::Error),
}

/// Runs `job` on every line of `source`.
pub fn run<J: Job>(
    job: &J,
    source: impl Read + Send,
    name: &str,
    format: Format,
    threads: usize,
    progress: &Progress,
) -> Result<End, Trouble> {
    let waiting = AtomicBool::new(true);
    let (chunks_tx, chunks_rx) = mpsc::sync_channel::<input::Incoming>(1);
    let (recycle_tx, recycle_rx) = mpsc::channel::<Vec<u8>>();
    let (answers_tx, answers_rx) = mpsc::sync_channel::<(Chunk, J::Answers)>(1);
    let (stop_tx, stop_rx) = mpsc::channel::<()>();
    thread::scope(|s| {
        if progress.enabled() {
            s.spawn(|| progress.tick_until(stop_rx));
        }
        let chunk_bytes = job.chunk_bytes();
        let waiting = &waiting;
        s.spawn(move || input::read_chunks(source, chunk_bytes, chunks_tx, recycle_rx, waiting));
        let writer =
            s.spawn(move || write_all(job, answers_rx, recycle_tx, format, name, progress));
        let mut trouble = None;
        for incoming in &chunks_rx {
            waiting.store(false, Ordering::Release);
            let mut chunk = match incoming {
                Ok(chunk) => chunk,
                Err(e) => {
                    trouble = Some(Trouble::Read(e));
                    break;
                }
            };
            let answers = job.compute(&mut chunk, threads, progress);
            if answers_tx.send((chunk, answers)).is_err() {
                break;
            }
            waiting.store(true, Ordering::Release);
        }
        drop(answers_tx);
        // The writer catches its own panics' cause nowhere: a panic there is a bug, shown.
        let written = writer
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p));
        drop(stop_tx);
        let end = match (written, trouble) {
            (Ok(failed), None) => Ok(End::Done(failed)),
            (Ok(_), Some(t)) => Err(t),
            (Err(Stop::Closed(failed)), _) => Ok(End::Closed(failed)),
            (Err(Stop::Failed(e)), _) => Err(Trouble::Write(e)),
        };
        if !matches!(end, Ok(End::Done(_))) {
            // The reader may be waiting for input that never comes (a terminal, a pipe
            // whose writer idles): leave without joining it.
            progress.clear();
            crate::finish(end, name);
        }
        end
    })
}

/// Why the writer stopped early.
enum Stop {
    /// Standard output was closed; this many lines had failed.
    Closed(u64),
    /// Writing failed.
    Failed(io::Error),
}

/// Writes each chunk's answers in order, standard output first, then the chunk's messages
/// on standard error. Returns the number of failed lines.
fn write_all<J: Job>(
    job: &J,
    answers: mpsc::Receiver<(Chunk, J::Answers)>,
    recycle: mpsc::Sender<Vec<u8>>,
    format: Format,
    name: &str,
    progress: &Progress,
) -> Result<u64, Stop> {
    let stdout = io::stdout();
    let mut stdout = stdout.lock();
    let mut out = Out {
        out: Vec::new(),
        err: Vec::new(),
        format,
        source: name.to_string(),
        failed: 0,
        puzzles: 0,
    };
    for (chunk, answers) in answers {
        out.out.clear();
        out.err.clear();
        out.out.reserve(chunk.buf.len() + chunk.buf.len() / 8);
        for (i, line) in chunk.lines.iter().enumerate() {
            let text = chunk.text(line);
            let number = chunk.line_number(i);
            match line.kind {
                Kind::Pass => {
                    if format == Format::Text && job.copies_comments() {
                        out.out.extend_from_slice(text);
                        out.out.push(b'\n');
                    }
                }
                Kind::Bad => {
                    let detail = format!("the line has {} characters, not 81", text.len());
                    out.fail(number, text, library::WRONG_LENGTH, Some(&detail));
                }
                Kind::Puzzle(board) => {
                    out.puzzles += 1;
                    job.write(&mut out, number, text, &answers, board)
                }
            }
        }
        let written = stdout.write_all(&out.out).and_then(|()| stdout.flush());
        if let Err(e) = written {
            if e.kind() != io::ErrorKind::BrokenPipe {
                return Err(Stop::Failed(e));
            }
            // The chunk's lines were done, and the status counts their failures: so are
            // they reported.
            let _ = io::stderr().write_all(&out.err);
            return Err(Stop::Closed(out.failed));
        }
        if !out.err.is_empty() {
            let _ = io::stderr().write_all(&out.err);
        }
        progress.bytes(chunk.buf.len() as u64);
        let _ = recycle.send(chunk.buf);
    }
    Ok(out.failed)
}

/// `f` of every item, in order, on up to `threads` threads (0: one per core) that take
/// small runs of items as they go, each item counted on `progress` when done.
pub fn par_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    progress: &Progress,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let threads = if threads == 0 { cores() } else { threads };
    let threads = threads.min(items.len()).max(1);
    if threads == 1 {
        return items
            .iter()
            .map(|x| {
                let r = f(x);
                progress.items(1);
                r
            })
            .collect();
    }
    let grain = (items.len() / (threads * 16)).clamp(1, 64);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let start = next.fetch_add(grain, Ordering::Relaxed);
            if start >= items.len() {
                break done;
            }
            let end = (start + grain).min(items.len());
            for (i, x) in items[start..end].iter().enumerate() {
                done.push((start + i, f(x)));
            }
            progress.items((end - start) as u64);
        }
    };
    let parts: Vec<Vec<(usize, R)>> = thread::scope(|s| {
        // A thread that cannot be started is no error: the others take its share.
        let others: Vec<_> = (1..threads)
            .filter_map(|_| thread::Builder::new().spawn_scoped(s, work).ok())
            .collect();
        let mut parts = vec![work()];
        for t in others {
            parts.push(t.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
        }
        parts
    });
    let mut slots: Vec<Option<R>> = std::iter::repeat_with(|| None).take(items.len()).collect();
    for (i, r) in parts.into_iter().flatten() {
        slots[i] = Some(r);
    }
    // Every index below the length was taken by exactly one thread, which joined.
    slots.into_iter().flatten().collect()
}

/// The number of cores this process may use (1 if it cannot be told).
pub fn cores() -> usize {
    thread::available_parallelism().map_or(1, |n| n.get())
}
