//! Which engine code each path runs: the binding of the path tokens (module `path`, which
//! knows only the CPU) to the two engines' primitives, and the way to run an engine on a
//! path.
//!
//! A token is the triad engine's primitives itself (`BoxOps`, implemented in a file of
//! `triad/` for each token) and names the band engine's (`BandOps`, in `band/isa/`) in
//! [`Token::Band`]. A [`Job`] is engine code generic over the token, run on a path with
//! [`Path::run`] through the entry its engine takes on that path: the path's own, but for
//! the band engine on the AVX-512 path (see [`entry`]).

#![forbid(unsafe_code)]

#[cfg(target_arch = "aarch64")]
use super::path::Neon;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
use super::path::Simd128;
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
    /// has no AVX-512 code of its own, and [`Path::run`] enters it there with the AVX2
    /// path's token).
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

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
impl Token for Simd128 {
    #[cfg(test)]
    const PATH: Path = Path::Simd128;
    type Band = Simd128;
    #[inline(always)]
    fn band(self) -> Simd128 {
        self
    }
}

/// The engines, each of which may take its own entry on a path (see [`Path::run`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Engine {
    /// The band engine (module `band`).
    Band,
    /// The triad engine (module `triad`).
    Triad,
}

/// Engine code generic over the token, runnable on any path with [`Path::run`].
pub(crate) trait Job {
    /// The engine the code is part of.
    const ENGINE: Engine;
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

/// The entry `engine` takes on the path whose entry is `e`: its own, but for the band
/// engine on [`Path::Avx512`], which takes the AVX2 path's. The band engine has no AVX-512
/// code of its own, and its AVX2 code compiled with the AVX-512 path's features was the
/// slower on the easy, invalid and multi-solution corpora and no faster on the hard ones
/// (docs/performance.md, tuned constants); the triad engine keeps its AVX-512 code.
#[inline(always)]
fn entry(e: Entry, engine: Engine) -> Entry {
    match (e, engine) {
        #[cfg(target_arch = "x86_64")]
        (Entry::Avx512(t), Engine::Band) => Entry::Avx2(t.into()),
        _ => e,
    }
}

impl Path {
    /// Runs `job` on this path with the target features of the entry its engine takes
    /// there (see [`entry`]); `None` if this CPU cannot run the path.
    #[inline]
    pub(crate) fn run<J: Job>(self, job: J) -> Option<J::Output> {
        Some(entry(Entry::of(self)?, J::ENGINE).run(OnToken(job)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A job of `ENGINE` that reports the path of the token it ran with.
    struct WhichPath<const BAND: bool>;
    impl<const BAND: bool> Job for WhichPath<BAND> {
        const ENGINE: Engine = if BAND { Engine::Band } else { Engine::Triad };
        type Output = Path;
        fn run<T: Token>(self, _: T) -> Path {
            T::PATH
        }
    }

    #[test]
    fn a_job_runs_with_the_token_of_its_path() {
        for p in Path::ALL {
            let expected = p.is_available().then_some(p);
            assert_eq!(p.run(WhichPath::<false>), expected, "{p:?}");
            let band = expected.map(|p| if p == Path::Avx512 { Path::Avx2 } else { p });
            assert_eq!(p.run(WhichPath::<true>), band, "{p:?}");
        }
    }
}
