//! Which engine code each path runs: the binding of the path tokens (module `path`, which
//! knows only the CPU) to the two engines' primitives, and the way to run an engine on a
//! path.
//!
//! A token is the triad engine's primitives itself (`BoxOps`, implemented in a file of
//! `triad/` for each token) and names the band engine's (`BandOps`, in `band/isa/`) in
//! [`Token::Band`]. A [`Job`] is engine code generic over the token, run on a path with
//! [`Path::run`].

#![forbid(unsafe_code)]

#[cfg(target_arch = "aarch64")]
use super::path::Neon;
#[cfg(target_arch = "x86_64")]
use super::path::{Avx2, Avx512, Sse41};
use super::path::{Enter, Entry, Portable, Run};
use super::Path;
use super::{band::BandOps, triad::BoxOps};

/// The token of a path as the engines see it: the triad engine's primitives, the band
/// engine's, and the way in.
pub(crate) trait Token: Enter + BoxOps {
    /// The path the token proves (for tests).
    #[cfg(test)]
    const PATH: Path;
    /// The band engine's primitives on this path.
    type Band: BandOps;
    /// The band engine's primitives (on [`Path::Avx512`], the AVX2 ones: the band engine
    /// has no AVX-512 code of its own).
    fn band(self) -> Self::Band;
}

impl Token for Portable {
    #[cfg(test)]
    const PATH: Path = Path::Portable;
    type Band = Portable;
    #[inline(always)]
    fn band(self) -> Portable {
        self
    }
}

#[cfg(target_arch = "x86_64")]
impl Token for Sse41 {
    #[cfg(test)]
    const PATH: Path = Path::Sse41;
    type Band = Sse41;
    #[inline(always)]
    fn band(self) -> Sse41 {
        self
    }
}

#[cfg(target_arch = "x86_64")]
impl<const PEXT: bool> Token for Avx2<PEXT> {
    #[cfg(test)]
    const PATH: Path = Path::Avx2;
    type Band = Avx2<PEXT>;
    #[inline(always)]
    fn band(self) -> Avx2<PEXT> {
        self
    }
}

#[cfg(target_arch = "x86_64")]
impl Token for Avx512 {
    #[cfg(test)]
    const PATH: Path = Path::Avx512;
    /// `pext` is fast on every CPU with AVX-512 BITALG (Ice Lake and Zen 4 onwards).
    type Band = Avx2<true>;
    #[inline(always)]
    fn band(self) -> Avx2<true> {
        self.into()
    }
}

#[cfg(target_arch = "aarch64")]
impl Token for Neon {
    #[cfg(test)]
    const PATH: Path = Path::Neon;
    type Band = Neon;
    #[inline(always)]
    fn band(self) -> Neon {
        self
    }
}

/// Engine code generic over the token, runnable on any path with [`Path::run`].
pub(crate) trait Job {
    /// What the code returns.
    type Output;
    /// Runs the code with token `t`.
    fn run<T: Token>(self, t: T) -> Self::Output;
}

/// A [`Job`] as code for each token ([`Run`]), as [`Entry::run`] takes it.
pub(crate) struct OnToken<J>(pub(crate) J);

impl<T: Token, J: Job> Run<T> for OnToken<J> {
    type Output = J::Output;
    #[inline(always)]
    fn run(self, t: T) -> J::Output {
        self.0.run(t)
    }
}

impl Path {
    /// Runs `job` on this path with its target features; `None` if this CPU cannot run
    /// the path.
    #[inline]
    pub(crate) fn run<J: Job>(self, job: J) -> Option<J::Output> {
        Some(Entry::of(self)?.run(OnToken(job)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A job that reports the path of the token it ran with.
    struct WhichPath;
    impl Job for WhichPath {
        type Output = Path;
        fn run<T: Token>(self, _: T) -> Path {
            T::PATH
        }
    }

    #[test]
    fn a_job_runs_with_the_token_of_its_path() {
        for p in Path::ALL {
            assert_eq!(p.run(WhichPath), p.is_available().then_some(p), "{p:?}");
        }
    }
}
