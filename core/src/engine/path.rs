//! The code paths, and the one way into code compiled for each.
//!
//! A [`Path`] is an instruction-set level. Each path has a *token*, a zero-sized type whose
//! values exist only on a CPU that has every feature of the path: its constructor checks
//! the CPU, with the feature list written once in `token!`. The same list is given to
//! `#[target_feature]` on the token's [`Enter::enter`], the only place code is entered with
//! the path's features; every primitive of the engines is `#[inline(always)]` and so is
//! compiled inside it. That is what makes the primitives' `unsafe` blocks sound: they run
//! only where a token was made.
//!
//! This module knows the CPU and nothing of the engines: which engine primitives a token
//! runs is bound beside the engines (module `binding`). An [`Entry`] is the token of a
//! path this CPU runs, found once per process ([`Entry::of`]); [`Entry::run`] enters code
//! that runs with every token ([`OnEveryToken`]) on its own path.
//!
//! To add a path: a variant of [`Path`] (name, C name, place in [`Path::ALL`]), a
//! `token!` with its feature list (or, where the target has no run-time detection, a token
//! that exists only in builds with the features, as `Simd128`), an [`Entry`] variant with
//! its bit, detection and arm of [`Entry::run`], its place in [`OnEveryToken`]; then the
//! engines' primitives for the token and its binding (module `binding`).

#![allow(unsafe_code)]

use core::sync::atomic::{AtomicU8, Ordering};

/// The environment variable that forces a code path (see [`Path::selected`]).
pub const FORCE_PATH_VARIABLE: &str = "SUDOKU_FORCE_PATH";

/// A code path of the engines, named by the instruction-set level it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Path {
    /// Portable scalar code: runs on every target.
    Portable,
    /// x86-64 with SSE4.1 (and SSSE3) and POPCNT.
    Sse41,
    /// x86-64 with AVX2, BMI1, BMI2, POPCNT and LZCNT.
    Avx2,
    /// x86-64 with everything [`Path::Avx2`] needs plus AVX-512 F, BW, VL and BITALG
    /// (Ice Lake and later, Zen 4 and later).
    Avx512,
    /// aarch64 with NEON (Advanced SIMD), which every aarch64 CPU has.
    Neon,
    /// wasm32 with the SIMD128 proposal, in a module compiled with
    /// `-C target-feature=+simd128`. WebAssembly has no run-time detection inside a module:
    /// an engine without SIMD128 refuses the whole module, so the choice is made when the
    /// host picks which module to load (the npm package validates a probe), and the path is
    /// available exactly in the modules built with the feature.
    Simd128,
}

impl Path {
    /// Every path, from the most portable to the most demanding on its architecture.
    pub const ALL: [Path; 6] = [
        Path::Portable,
        Path::Sse41,
        Path::Avx2,
        Path::Avx512,
        Path::Neon,
        Path::Simd128,
    ];

    /// A short lowercase name: `portable`, `sse4.1`, `avx2`, `avx512`, `neon`, `simd128`.
    pub const fn name(self) -> &'static str {
        match self {
            Path::Portable => "portable",
            Path::Sse41 => "sse4.1",
            Path::Avx2 => "avx2",
            Path::Avx512 => "avx512",
            Path::Neon => "neon",
            Path::Simd128 => "simd128",
        }
    }

    /// The path named `name` (as [`Path::name`] spells it), if any.
    pub fn from_name(name: &str) -> Option<Path> {
        Path::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Whether this CPU can run the path.
    pub fn is_available(self) -> bool {
        Entry::of(self).is_some()
    }

    /// The paths this CPU can run.
    pub fn available() -> impl Iterator<Item = Path> {
        Path::ALL.into_iter().filter(|p| p.is_available())
    }

    /// The best path this CPU can run.
    pub fn detected() -> Path {
        Path::available().last().unwrap_or(Path::Portable)
    }

    /// The path in use, chosen on first use and fixed for the process: the one named by
    /// the environment variable `SUDOKU_FORCE_PATH` if this CPU can run it, otherwise
    /// [`Path::detected`]. An unknown or unavailable name is ignored.
    pub fn selected() -> Path {
        selected()
    }

    /// The path [`Path::selected`] picks when `SUDOKU_FORCE_PATH` holds `forced`.
    pub fn chosen(forced: Option<&str>) -> Path {
        forced
            .and_then(|name| Path::from_name(name.trim()))
            .filter(|p| p.is_available())
            .unwrap_or_else(Path::detected)
    }
}

/// The selected path, found once per process.
///
/// The choice is kept in a plain atomic (1 + its index in [`Path::ALL`], 0 until chosen),
/// not behind a lock: threads that race at the first call each compute the same choice
/// and store it, and a child forked while another thread was choosing finds no lock held.
#[inline]
fn selected() -> Path {
    static SELECTED: AtomicU8 = AtomicU8::new(0);
    match SELECTED.load(Ordering::Relaxed) {
        0 => {
            // Read without the heap: this runs inside the first call of the process, which
            // must not abort when memory runs out.
            let mut buf = [0u8; 32];
            let path = Path::chosen(crate::platform::force_path(&mut buf));
            let index = Path::ALL.iter().position(|&p| p == path).unwrap_or(0);
            SELECTED.store(index as u8 + 1, Ordering::Relaxed);
            path
        }
        code => Path::ALL[usize::from(code - 1) % Path::ALL.len()],
    }
}

/// Code run with one token: what [`Enter::enter`] compiles with the token's features.
pub(crate) trait Run<T> {
    /// What the code returns.
    type Output;
    /// Runs the code with token `t`.
    fn run(self, t: T) -> Self::Output;
}

/// Code that runs with the token of every path of this architecture, returning `O` on
/// each: what [`Entry::run`] dispatches.
#[cfg(target_arch = "x86_64")]
pub(crate) trait OnEveryToken<O>:
    Run<Portable, Output = O>
    + Run<Sse41, Output = O>
    + Run<Avx2<true>, Output = O>
    + Run<Avx2<false>, Output = O>
    + Run<Avx512, Output = O>
{
}

#[cfg(target_arch = "x86_64")]
impl<O, J> OnEveryToken<O> for J where
    J: Run<Portable, Output = O>
        + Run<Sse41, Output = O>
        + Run<Avx2<true>, Output = O>
        + Run<Avx2<false>, Output = O>
        + Run<Avx512, Output = O>
{
}

/// Code that runs with the token of every path of this architecture, returning `O` on
/// each: what [`Entry::run`] dispatches.
#[cfg(target_arch = "aarch64")]
pub(crate) trait OnEveryToken<O>: Run<Portable, Output = O> + Run<Neon, Output = O> {}

#[cfg(target_arch = "aarch64")]
impl<O, J> OnEveryToken<O> for J where J: Run<Portable, Output = O> + Run<Neon, Output = O> {}

/// Code that runs with the token of every path of this architecture, returning `O` on
/// each: what [`Entry::run`] dispatches.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(crate) trait OnEveryToken<O>:
    Run<Portable, Output = O> + Run<Simd128, Output = O>
{
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
impl<O, J> OnEveryToken<O> for J where J: Run<Portable, Output = O> + Run<Simd128, Output = O> {}

/// Code that runs with the token of every path of this architecture, returning `O` on
/// each: what [`Entry::run`] dispatches.
#[cfg(not(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
pub(crate) trait OnEveryToken<O>: Run<Portable, Output = O> {}

#[cfg(not(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
impl<O, J> OnEveryToken<O> for J where J: Run<Portable, Output = O> {}

/// A value proving this CPU can run some code path, and the way into that path's target
/// features.
pub(crate) trait Enter: Copy {
    /// Runs `job` inside a function compiled with the path's target features, into which
    /// `job` is inlined.
    fn enter<J: Run<Self>>(self, job: J) -> J::Output;
}

/// Defines the token of a path: the type, its CPU check and its way in, from the path's
/// target-feature list (written once, here).
macro_rules! token {
    (
        $(#[$doc:meta])*
        $name:ident $(<const $param:ident: bool>)? for $path:ident,
        $arch:literal, $detect:ident, [$($feature:tt),+]
    ) => {
        $(#[$doc])*
        #[cfg(target_arch = $arch)]
        #[derive(Clone, Copy, Debug)]
        pub(crate) struct $name $(<const $param: bool>)? (());

        #[cfg(target_arch = $arch)]
        impl $(<const $param: bool>)? $name $(<$param>)? {
            /// The token, if this CPU has every feature of the path.
            #[inline]
            pub(crate) fn detect() -> Option<Self> {
                (true $(&& std::arch::$detect!($feature))+).then_some(Self(()))
            }
        }

        #[cfg(target_arch = $arch)]
        impl $(<const $param: bool>)? Enter for $name $(<$param>)? {
            #[inline(always)]
            fn enter<J: Run<Self>>(self, job: J) -> J::Output {
                $(#[target_feature(enable = $feature)])+
                fn with_features<T, J: Run<T>>(t: T, job: J) -> J::Output {
                    job.run(t)
                }
                // SAFETY: a token exists only where `detect` found every feature that
                // `with_features` is compiled with (`Entry::of` makes one only where
                // `detect` made the same one before, in this process).
                unsafe { with_features(self, job) }
            }
        }
    };
}

/// The portable path's token: needs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Portable;

impl Enter for Portable {
    #[inline(always)]
    fn enter<J: Run<Self>>(self, job: J) -> J::Output {
        job.run(self)
    }
}

token! {
    /// The SSE4.1 path's token.
    Sse41 for Sse41, "x86_64", is_x86_feature_detected, ["sse4.1", "ssse3", "popcnt"]
}

token! {
    /// The AVX2 path's token. With `PEXT` the band engine condenses minirows with `pext`,
    /// otherwise with the table the portable path uses: `pext` is microcoded and slow on
    /// AMD CPUs before Zen 3 (see [`pext_is_fast`]).
    Avx2<const PEXT: bool> for Avx2, "x86_64", is_x86_feature_detected,
    ["avx2", "bmi1", "bmi2", "popcnt", "lzcnt"]
}

token! {
    /// The AVX-512 path's token.
    Avx512 for Avx512, "x86_64", is_x86_feature_detected,
    [
        "avx2", "bmi1", "bmi2", "popcnt", "lzcnt", "avx512f", "avx512bw", "avx512vl",
        "avx512bitalg"
    ]
}

token! {
    /// The NEON path's token.
    Neon for Neon, "aarch64", is_aarch64_feature_detected, ["neon"]
}

/// The SIMD128 path's token. WebAssembly has no run-time feature detection inside a module
/// (a module that uses SIMD128 instructions does not validate on an engine without them),
/// so the token exists only in a module compiled with `-C target-feature=+simd128`, where
/// every function has the feature and any value of it is sound. The module without the
/// feature has neither the token nor any SIMD128 instruction, and validates everywhere.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Simd128(());

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
impl Simd128 {
    /// The token: this module runs, so the engine running it has SIMD128.
    #[inline]
    pub(crate) fn detect() -> Option<Self> {
        Some(Self(()))
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
impl Enter for Simd128 {
    #[inline(always)]
    fn enter<J: Run<Self>>(self, job: J) -> J::Output {
        /// A function of its own, as each other SIMD path's `with_features` is (the whole
        /// module has the feature already): the engine's frame is not reserved in the
        /// caller's.
        #[inline(never)]
        fn with_features<T, J: Run<T>>(t: T, job: J) -> J::Output {
            job.run(t)
        }
        with_features(self, job)
    }
}

#[cfg(target_arch = "x86_64")]
impl From<Avx512> for Avx2<true> {
    /// The AVX-512 path's features include every feature of the AVX2 path.
    #[inline(always)]
    fn from(_: Avx512) -> Avx2<true> {
        Avx2(())
    }
}

#[cfg(target_arch = "x86_64")]
impl<const PEXT: bool> From<Avx2<PEXT>> for Sse41 {
    /// Every CPU with AVX2 has SSE4.1, SSSE3 and POPCNT: the AVX2 token checks POPCNT, and
    /// AVX2 implies the SSE levels below it.
    #[inline(always)]
    fn from(_: Avx2<PEXT>) -> Sse41 {
        Sse41(())
    }
}

/// Whether `pext` runs in a few cycles here: everywhere but on AMD and Hygon CPUs before
/// family 0x19 (Zen 3), where it is microcoded (tens to hundreds of cycles). Found once per
/// process, into a plain atomic (0 unknown, 1 slow, 2 fast; see [`selected`] for why no
/// lock): CPUID is slow (it traps to the hypervisor in a VM).
#[cfg(target_arch = "x86_64")]
pub(crate) fn pext_is_fast() -> bool {
    static FAST: AtomicU8 = AtomicU8::new(0);
    if let known @ 1..=2 = FAST.load(Ordering::Relaxed) {
        return known == 2;
    }
    let fast = {
        use core::arch::x86_64::__cpuid;
        // SAFETY: CPUID exists on every x86-64 CPU; leaves 0 and 1 always do.
        #[allow(unused_unsafe)]
        let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1)) };
        let name = [vendor.ebx, vendor.edx, vendor.ecx].map(u32::to_le_bytes);
        let slow_vendor = matches!(name.as_flattened(), b"AuthenticAMD" | b"HygonGenuine");
        let base = (signature.eax >> 8) & 0xF;
        let family = if base == 0xF {
            base + ((signature.eax >> 20) & 0xFF)
        } else {
            base
        };
        !(slow_vendor && family < 0x19)
    };
    FAST.store(if fast { 2 } else { 1 }, Ordering::Relaxed);
    fast
}

/// A token of a path this CPU can run.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Entry {
    Portable(Portable),
    #[cfg(target_arch = "x86_64")]
    Sse41(Sse41),
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2<true>),
    /// AVX2 with tables instead of `pext` (see [`pext_is_fast`]).
    #[cfg(target_arch = "x86_64")]
    Avx2Tables(Avx2<false>),
    #[cfg(target_arch = "x86_64")]
    Avx512(Avx512),
    #[cfg(target_arch = "aarch64")]
    Neon(Neon),
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    Simd128(Simd128),
}

/// The entries this CPU can run, as bits of [`Entry::bit`], found once per process (see
/// [`Entry::of`]).
#[derive(Clone, Copy)]
struct Entries(u8);

impl Entries {
    /// Set once the entries are known.
    const KNOWN: u8 = 0x80;

    /// What this CPU runs, found on first use into a plain atomic (see [`selected`] for
    /// why no lock): the CPU's features are read once, not at every call into an engine.
    #[inline]
    fn here() -> Entries {
        static ENTRIES: AtomicU8 = AtomicU8::new(0);
        let known = ENTRIES.load(Ordering::Relaxed);
        if known & Entries::KNOWN != 0 {
            return Entries(known);
        }
        let found = Path::ALL
            .into_iter()
            .filter_map(Entry::detect)
            .fold(Entries::KNOWN, |bits, e| bits | e.bit());
        ENTRIES.store(found, Ordering::Relaxed);
        Entries(found)
    }

    /// Whether the entry whose [`Entry::bit`] is `bit` is among them.
    #[inline(always)]
    fn has(self, bit: u8) -> bool {
        self.0 & bit != 0
    }
}

impl Entry {
    /// The bit of this entry in [`Entries`].
    const fn bit(self) -> u8 {
        match self {
            Entry::Portable(_) => 1,
            #[cfg(target_arch = "x86_64")]
            Entry::Sse41(_) => 2,
            #[cfg(target_arch = "x86_64")]
            Entry::Avx2(_) => 4,
            #[cfg(target_arch = "x86_64")]
            Entry::Avx2Tables(_) => 8,
            #[cfg(target_arch = "x86_64")]
            Entry::Avx512(_) => 16,
            #[cfg(target_arch = "aarch64")]
            Entry::Neon(_) => 32,
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Entry::Simd128(_) => 64,
        }
    }

    /// The token of `path`, if this CPU can run it, from what [`Entries::here`] found: a
    /// token is made here only when `detect` made the same one before in this process.
    #[inline(always)]
    pub(crate) fn of(path: Path) -> Option<Entry> {
        let here = Entries::here();
        let entry = match path {
            Path::Portable => Entry::Portable(Portable),
            #[cfg(target_arch = "x86_64")]
            Path::Sse41 => Entry::Sse41(Sse41(())),
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 if here.has(Entry::Avx2(Avx2(())).bit()) => Entry::Avx2(Avx2(())),
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => Entry::Avx2Tables(Avx2(())),
            #[cfg(target_arch = "x86_64")]
            Path::Avx512 => Entry::Avx512(Avx512(())),
            #[cfg(target_arch = "aarch64")]
            Path::Neon => Entry::Neon(Neon(())),
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Path::Simd128 => Entry::Simd128(Simd128(())),
            #[allow(unreachable_patterns)]
            _ => return None,
        };
        here.has(entry.bit()).then_some(entry)
    }

    /// The token of `path`, if this CPU can run it, from the CPU's features.
    fn detect(path: Path) -> Option<Entry> {
        match path {
            Path::Portable => Some(Entry::Portable(Portable)),
            #[cfg(target_arch = "x86_64")]
            Path::Sse41 => Sse41::detect().map(Entry::Sse41),
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 if pext_is_fast() => Avx2::detect().map(Entry::Avx2),
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => Avx2::detect().map(Entry::Avx2Tables),
            #[cfg(target_arch = "x86_64")]
            Path::Avx512 => Avx512::detect().map(Entry::Avx512),
            #[cfg(target_arch = "aarch64")]
            Path::Neon => Neon::detect().map(Entry::Neon),
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Path::Simd128 => Simd128::detect().map(Entry::Simd128),
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }

    /// Runs `job` with this token, inside its path's target features.
    #[inline(always)]
    pub(crate) fn run<O, J: OnEveryToken<O>>(self, job: J) -> O {
        /// The portable path's way in, a function of its own as each SIMD path's is (its
        /// `with_features`): inlined here, the portable band engine's frame (its search
        /// stack, about 12 KiB) was reserved in the caller's frame, and so held beside the
        /// selected path's own on every path.
        #[inline(never)]
        fn portable<J: Run<Portable>>(t: Portable, job: J) -> J::Output {
            t.enter(job)
        }
        match self {
            Entry::Portable(t) => portable(t, job),
            #[cfg(target_arch = "x86_64")]
            Entry::Sse41(t) => t.enter(job),
            #[cfg(target_arch = "x86_64")]
            Entry::Avx2(t) => t.enter(job),
            #[cfg(target_arch = "x86_64")]
            Entry::Avx2Tables(t) => t.enter(job),
            #[cfg(target_arch = "x86_64")]
            Entry::Avx512(t) => t.enter(job),
            #[cfg(target_arch = "aarch64")]
            Entry::Neon(t) => t.enter(job),
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            Entry::Simd128(t) => t.enter(job),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn portable_is_always_available_and_selected_is_available() {
        assert!(Path::Portable.is_available());
        assert!(Path::selected().is_available());
        assert_eq!(Path::available().next(), Some(Path::Portable));
    }

    #[test]
    fn a_forced_path_is_taken_when_available_and_ignored_otherwise() {
        for p in Path::ALL {
            assert_eq!(Path::from_name(p.name()), Some(p));
            let expected = if p.is_available() {
                p
            } else {
                Path::detected()
            };
            assert_eq!(Path::chosen(Some(p.name())), expected, "{p:?}");
        }
        for name in [None, Some(""), Some("sse2"), Some("AVX2"), Some("riscv")] {
            assert_eq!(Path::chosen(name), Path::detected(), "{name:?}");
        }
        assert_eq!(Path::chosen(Some(" portable\n")), Path::Portable);
        assert_eq!(
            Path::selected(),
            Path::chosen(std::env::var(FORCE_PATH_VARIABLE).ok().as_deref())
        );
    }

    macro_rules! entry_of_token {
        ($($arch:literal: $token:ty => $variant:ident),+) => {$(
            #[cfg(target_arch = $arch)]
            impl From<$token> for Entry {
                fn from(t: $token) -> Entry {
                    Entry::$variant(t)
                }
            }
        )+};
    }

    impl From<Portable> for Entry {
        fn from(t: Portable) -> Entry {
            Entry::Portable(t)
        }
    }

    entry_of_token! {
        "x86_64": Sse41 => Sse41,
        "x86_64": Avx2<true> => Avx2,
        "x86_64": Avx2<false> => Avx2Tables,
        "x86_64": Avx512 => Avx512,
        "aarch64": Neon => Neon
    }

    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    impl From<Simd128> for Entry {
        fn from(t: Simd128) -> Entry {
            Entry::Simd128(t)
        }
    }

    /// Code that reports the entry it ran with.
    struct WhichEntry;
    impl<T: Copy> Run<T> for WhichEntry
    where
        Entry: From<T>,
    {
        type Output = Entry;
        fn run(self, t: T) -> Entry {
            Entry::from(t)
        }
    }

    #[test]
    fn an_entry_runs_code_with_its_own_token() {
        for p in Path::ALL {
            let entry = Entry::of(p);
            assert_eq!(entry.is_some(), p.is_available(), "{p:?}");
            assert_eq!(
                entry.map(|e| e.run(WhichEntry).bit()),
                entry.map(Entry::bit)
            );
        }
    }

    #[cfg(target_arch = "aarch64")]
    #[test]
    fn neon_is_selected_on_aarch64() {
        assert!(Path::Neon.is_available());
        assert_eq!(Path::detected(), Path::Neon);
    }

    #[test]
    fn simd128_is_available_exactly_in_a_wasm32_build_with_the_feature() {
        let built_with = cfg!(all(target_arch = "wasm32", target_feature = "simd128"));
        assert_eq!(Path::Simd128.is_available(), built_with);
        if built_with {
            assert_eq!(Path::detected(), Path::Simd128);
            assert_eq!(Path::from_name("simd128"), Some(Path::Simd128));
        }
    }
}
