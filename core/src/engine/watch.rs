//! Watching a long count: a hook told of the progress, which may stop the count.
//!
//! Both engines tell a [`Watch`] of every guess they make. An ordinary count uses
//! [`Unwatched`], whose answers are constants, so that the compiler removes the calls: it
//! costs nothing. [`Progress`] calls a caller's hook every [`GUESSES_PER_CALL`] guesses.

#![forbid(unsafe_code)]

/// What an engine tells of its search, and how it learns to stop.
pub(crate) trait Watch {
    /// Told of a guess, with the solutions this run has found so far; whether to stop.
    fn stop(&mut self, found: usize) -> bool;
    /// Whether a call to [`Watch::stop`] asked to stop.
    fn stopped(&self) -> bool;
}

/// No watch: never stops.
pub(crate) struct Unwatched;

impl Watch for Unwatched {
    #[inline(always)]
    fn stop(&mut self, _: usize) -> bool {
        false
    }
    #[inline(always)]
    fn stopped(&self) -> bool {
        false
    }
}

/// How many guesses pass between two calls of the hook: few enough that the hook is called
/// well within a millisecond of search on current CPUs (a guess, with the propagation it
/// leads to, takes well under a microsecond), many enough that its cost disappears; the
/// figures are in docs/performance.md.
pub(crate) const GUESSES_PER_CALL: u32 = 1024;

/// A caller's hook, called with the solutions found so far every [`GUESSES_PER_CALL`]
/// guesses; it returns `true` to stop the count.
pub(crate) struct Progress<'a> {
    hook: &'a mut dyn FnMut(usize) -> bool,
    /// Guesses left before the next call.
    left: u32,
    /// The most solutions any run of the count has reported (the router may count a board
    /// again with the other engine, from zero): what the hook is told, never decreasing.
    most: usize,
    stopped: bool,
}

impl<'a> Progress<'a> {
    /// A watch calling `hook`.
    pub(crate) fn new(hook: &'a mut dyn FnMut(usize) -> bool) -> Progress<'a> {
        Progress {
            hook,
            left: GUESSES_PER_CALL,
            most: 0,
            stopped: false,
        }
    }
}

impl Watch for Progress<'_> {
    #[inline(always)]
    fn stop(&mut self, found: usize) -> bool {
        self.left -= 1;
        if self.left == 0 {
            self.left = GUESSES_PER_CALL;
            self.most = self.most.max(found);
            self.stopped |= (self.hook)(self.most);
        }
        self.stopped
    }
    #[inline(always)]
    fn stopped(&self) -> bool {
        self.stopped
    }
}
