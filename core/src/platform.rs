//! The platform layer: the operating system under the core. Worker threads started
//! without the heap, the number of cores this process may use, and the path override
//! (`SUDOKU_FORCE_PATH`) read without the heap, all through the C library (`libc`) on Unix.
//!
//! Nothing here allocates, so a host whose `malloc` fails cannot make the library abort:
//! a thread that cannot be started is simply not used, and the core count comes from
//! system calls into stack buffers. Elsewhere (wasm32 and other targets without POSIX
//! threads) the work runs on the calling thread.

#![allow(unsafe_code)]

use core::sync::atomic::{AtomicUsize, Ordering};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Whether this target can start threads ([`run_on_threads`] runs the work once, on the
/// calling thread, where it cannot).
pub(crate) const THREADS: bool = cfg!(unix);

/// The most threads that [`run_on_threads`] starts besides the calling thread.
pub(crate) const MAX_HELPERS: usize = 255;

/// Runs `work` on the calling thread and on up to `helpers` more threads (at most
/// [`MAX_HELPERS`]), all at once, and returns when every run has returned. Returns how many
/// threads were started.
///
/// A thread that cannot be started (no memory, a thread limit) is skipped without error,
/// so `work` must share its job such that any number of concurrent runs, one included,
/// completes it. A panic in a run is caught and ends that run only.
pub(crate) fn run_on_threads(helpers: usize, work: &(dyn Fn() + Sync)) -> usize {
    imp::run_on_threads(helpers.min(MAX_HELPERS), work)
}

/// The number of cores this process may use, at least 1: the CPUs it may be scheduled on,
/// bounded by its cgroup's CPU quota on Linux. Detected at the first call and remembered
/// for the life of the process.
pub(crate) fn available_cores() -> usize {
    static CORES: AtomicUsize = AtomicUsize::new(0);
    match CORES.load(Ordering::Relaxed) {
        0 => {
            let cores = imp::detect_cores().max(1);
            CORES.store(cores, Ordering::Relaxed);
            cores
        }
        cores => cores,
    }
}

/// The value of the environment variable `SUDOKU_FORCE_PATH`
/// ([`crate::engine::FORCE_PATH_VARIABLE`]), copied into `buf`: `None` when it is not set,
/// is not UTF-8 or does not fit. No heap, unlike `std::env::var`, so that the first call of
/// a process (which reads it) cannot abort when `malloc` fails.
pub(crate) fn force_path(buf: &mut [u8]) -> Option<&str> {
    const NAME: &core::ffi::CStr = c"SUDOKU_FORCE_PATH";
    const _: () = assert!(NAME.count_bytes() == crate::engine::FORCE_PATH_VARIABLE.len());
    core::str::from_utf8(imp::env_var(NAME, buf)?).ok()
}

/// Runs `work`, catching a panic (a bug) so that it ends this run only.
fn run_caught(work: &(dyn Fn() + Sync)) {
    // The job is shared through `work`'s own synchronisation; a run that panicked simply
    // stops taking from it.
    let _ = catch_unwind(AssertUnwindSafe(work));
}

#[cfg(unix)]
mod imp {
    use super::{run_caught, MAX_HELPERS};
    use core::ffi::CStr;

    pub(super) fn env_var<'a>(name: &CStr, buf: &'a mut [u8]) -> Option<&'a [u8]> {
        // SAFETY: `name` is NUL-terminated; getenv only reads the environment.
        let value = unsafe { libc::getenv(name.as_ptr()) };
        if value.is_null() {
            return None;
        }
        // SAFETY: a non-null result of getenv is a NUL-terminated string, valid until the
        // environment is changed; it is copied out at once. (Like any C caller of getenv,
        // this assumes no other thread calls setenv meanwhile.)
        let value = unsafe { CStr::from_ptr(value) }.to_bytes();
        let out = buf.get_mut(..value.len())?;
        out.copy_from_slice(value);
        Some(out)
    }
    use core::ffi::c_void;
    use core::mem::MaybeUninit;

    /// The stack of each worker thread, given explicitly so that it does not follow the
    /// process's stack limit: in an optimised build, far more than solving a board needs
    /// (docs/boundary.md). A build with debug assertions may be unoptimised (cargo's dev
    /// profile), and there the engines' frames are many times larger than optimised (a
    /// worker overflowed 256 KiB on the AVX2 and AVX-512 paths, and the portable path's
    /// counts need several MiB), so such builds give their workers what glibc gives a
    /// thread by default. Only the pages a thread touches are committed.
    const WORKER_STACK: usize = if cfg!(debug_assertions) {
        8 * 1024 * 1024
    } else {
        256 * 1024
    };

    /// The start routine of a worker: runs the work that `arg` points to.
    extern "C" fn start(arg: *mut c_void) -> *mut c_void {
        // SAFETY: `arg` is the address of the `&(dyn Fn() + Sync)` that `run_on_threads`
        // holds on its stack, and that function joins this thread before it returns.
        let work = unsafe { *arg.cast::<&(dyn Fn() + Sync)>() };
        run_caught(work);
        core::ptr::null_mut()
    }

    pub(super) fn run_on_threads(helpers: usize, work: &(dyn Fn() + Sync)) -> usize {
        let mut ids = [const { MaybeUninit::<libc::pthread_t>::uninit() }; MAX_HELPERS];
        let arg = (&raw const work).cast_mut().cast::<c_void>();
        let mut attr = MaybeUninit::<libc::pthread_attr_t>::uninit();
        // SAFETY: `attr` is writable storage for a pthread_attr_t.
        let have_attr = unsafe { libc::pthread_attr_init(attr.as_mut_ptr()) } == 0;
        if have_attr {
            // SAFETY: `attr` was initialised above. A refused size keeps the default.
            unsafe { libc::pthread_attr_setstacksize(attr.as_mut_ptr(), WORKER_STACK) };
        }
        let attr_ptr = if have_attr {
            attr.as_ptr()
        } else {
            core::ptr::null()
        };
        let mut started = 0;
        for id in ids.iter_mut().take(helpers) {
            // SAFETY: `id` is writable storage for a pthread_t; `attr_ptr` is NULL or an
            // initialised attribute; `start` takes `arg`, which stays valid until the
            // thread is joined below, before this function returns.
            if unsafe { libc::pthread_create(id.as_mut_ptr(), attr_ptr, start, arg) } != 0 {
                break;
            }
            started += 1;
        }
        if have_attr {
            // SAFETY: `attr` was initialised and is no longer used.
            unsafe { libc::pthread_attr_destroy(attr.as_mut_ptr()) };
        }
        run_caught(work);
        for id in &ids[..started] {
            // SAFETY: the first `started` ids were written by successful pthread_create
            // calls and each is joined once, here.
            unsafe { libc::pthread_join(id.assume_init_read(), core::ptr::null_mut()) };
        }
        started
    }

    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    pub(super) fn detect_cores() -> usize {
        // SAFETY: sysconf has no preconditions.
        let online = unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) };
        usize::try_from(online).unwrap_or(1)
    }

    #[cfg(any(target_os = "linux", target_os = "android"))]
    pub(super) fn detect_cores() -> usize {
        let mut set = MaybeUninit::<libc::cpu_set_t>::zeroed();
        // SAFETY: `set` is a writable cpu_set_t of the size passed.
        let got = unsafe {
            libc::sched_getaffinity(0, core::mem::size_of::<libc::cpu_set_t>(), set.as_mut_ptr())
        };
        let affinity = if got == 0 {
            // SAFETY: sched_getaffinity filled `set` (it was zeroed before in any case).
            usize::try_from(unsafe { libc::CPU_COUNT(set.assume_init_ref()) }).unwrap_or(0)
        } else {
            0
        };
        let cpus = if affinity > 0 {
            affinity
        } else {
            // SAFETY: sysconf has no preconditions.
            let online = unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) };
            usize::try_from(online).unwrap_or(1)
        };
        match cgroup::quota() {
            Some(quota) => cpus.min(quota.max(1)),
            None => cpus,
        }
    }

    /// The CPU quota of this process's cgroup, read as the standard library does
    /// (`std::thread::available_parallelism`), into stack buffers instead of the heap.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    mod cgroup {
        use core::ffi::{c_char, CStr};

        /// The longest file path built here; longer cgroup paths are not read.
        const PATH: usize = 512;

        /// The whole CPUs of the tightest quota on this process's cgroup and its
        /// ancestors (cgroup v2 `cpu.max`, or v1 `cpu.cfs_quota_us` over
        /// `cpu.cfs_period_us`), or `None` when there is none or it cannot be read.
        pub(super) fn quota() -> Option<usize> {
            let mut buffer = [0u8; 1024];
            let text = read(c"/proc/self/cgroup", &mut buffer)?;
            let mut quota = None;
            for line in text.split(|&b| b == b'\n') {
                let mut fields = line.splitn(3, |&b| b == b':');
                let (Some(id), Some(controllers), Some(path)) =
                    (fields.next(), fields.next(), fields.next())
                else {
                    continue;
                };
                let found = if id == b"0" && controllers.is_empty() {
                    walk(b"/sys/fs/cgroup", path, v2)
                } else if controllers.split(|&b| b == b',').any(|c| c == b"cpu") {
                    [&b"/sys/fs/cgroup/cpu,cpuacct"[..], b"/sys/fs/cgroup/cpu"]
                        .into_iter()
                        .find_map(|mount| walk(mount, path, v1))
                } else {
                    None
                };
                quota = match (quota, found) {
                    (Some(a), Some(b)) => Some(core::cmp::min(a, b)),
                    (a, b) => a.or(b),
                };
            }
            quota
        }

        /// The tightest quota that `read_quota` finds in `mount` + `path` and each of its
        /// ancestors up to `mount` itself (inside a container the cgroup's own directory
        /// is often the mount's root).
        fn walk(
            mount: &[u8],
            path: &[u8],
            read_quota: fn(&[u8]) -> Option<usize>,
        ) -> Option<usize> {
            let mut path = path.strip_suffix(b"/").unwrap_or(path);
            let mut quota: Option<usize> = None;
            loop {
                let mut dir = [0u8; PATH];
                let len = mount.len() + path.len();
                if len <= PATH {
                    dir[..mount.len()].copy_from_slice(mount);
                    dir[mount.len()..len].copy_from_slice(path);
                    if let Some(q) = read_quota(&dir[..len]) {
                        quota = Some(quota.map_or(q, |old| old.min(q)));
                    }
                }
                match path.iter().rposition(|&b| b == b'/') {
                    Some(cut) if !path.is_empty() => path = &path[..cut],
                    _ => return quota,
                }
            }
        }

        /// cgroup v2: `cpu.max` holds "max PERIOD" (no quota) or "QUOTA PERIOD".
        fn v2(dir: &[u8]) -> Option<usize> {
            let mut buffer = [0u8; 64];
            let text = read_in(dir, b"/cpu.max", &mut buffer)?;
            let mut fields = text.split(|&b| b == b' ' || b == b'\n');
            let quota = number(fields.next()?)?;
            let period = number(fields.next()?)?;
            whole_cpus(quota, period)
        }

        /// cgroup v1: `cpu.cfs_quota_us` (-1: no quota) over `cpu.cfs_period_us`.
        fn v1(dir: &[u8]) -> Option<usize> {
            let mut buffer = [0u8; 32];
            let quota = number(read_in(dir, b"/cpu.cfs_quota_us", &mut buffer)?)?;
            let period = number(read_in(dir, b"/cpu.cfs_period_us", &mut buffer)?)?;
            whole_cpus(quota, period)
        }

        /// The whole CPUs a quota gives, at least one.
        fn whole_cpus(quota: u64, period: u64) -> Option<usize> {
            let cpus = quota.checked_div(period)?;
            Some(usize::try_from(cpus).unwrap_or(usize::MAX).max(1))
        }

        /// A decimal number, surrounding white space allowed ("-1" and "max" are none).
        fn number(text: &[u8]) -> Option<u64> {
            let text = text.trim_ascii();
            if text.is_empty() {
                return None;
            }
            text.iter().try_fold(0u64, |n, &b| {
                let digit = b.checked_sub(b'0').filter(|d| *d <= 9)?;
                n.checked_mul(10)?.checked_add(u64::from(digit))
            })
        }

        /// Reads the file `dir` + `name` into `buffer`.
        fn read_in<'a>(dir: &[u8], name: &[u8], buffer: &'a mut [u8]) -> Option<&'a [u8]> {
            let mut path = [0u8; PATH + 32];
            let len = dir.len() + name.len();
            if len >= path.len() {
                return None;
            }
            path[..dir.len()].copy_from_slice(dir);
            path[dir.len()..len].copy_from_slice(name);
            read(CStr::from_bytes_until_nul(&path).ok()?, buffer)
        }

        /// Reads up to `buffer.len()` bytes of the file at `path`.
        fn read<'a>(path: &CStr, buffer: &'a mut [u8]) -> Option<&'a [u8]> {
            // SAFETY: `path` is a NUL-terminated string.
            let fd = unsafe {
                libc::open(
                    path.as_ptr().cast::<c_char>(),
                    libc::O_RDONLY | libc::O_CLOEXEC,
                )
            };
            if fd < 0 {
                return None;
            }
            let mut len = 0;
            while len < buffer.len() {
                let rest = &mut buffer[len..];
                // SAFETY: `rest` is `rest.len()` writable bytes; `fd` is open.
                let got = unsafe { libc::read(fd, rest.as_mut_ptr().cast(), rest.len()) };
                match usize::try_from(got) {
                    Ok(0) => break,
                    Ok(n) => len += n,
                    Err(_)
                        if std::io::Error::last_os_error().kind()
                            == std::io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            // SAFETY: `fd` is open and closed once, here.
            unsafe { libc::close(fd) };
            Some(&buffer[..len])
        }

        #[cfg(test)]
        mod tests {
            use super::*;

            #[test]
            fn numbers_and_quotas() {
                assert_eq!(number(b"150000\n"), Some(150_000));
                assert_eq!(number(b"max"), None);
                assert_eq!(number(b"-1\n"), None);
                assert_eq!(number(b""), None);
                assert_eq!(whole_cpus(150_000, 100_000), Some(1));
                assert_eq!(whole_cpus(50_000, 100_000), Some(1));
                assert_eq!(whole_cpus(400_000, 100_000), Some(4));
                assert_eq!(whole_cpus(1, 0), None);
            }
        }
    }
}

#[cfg(not(unix))]
mod imp {
    use super::run_caught;

    pub(super) fn env_var<'a>(name: &core::ffi::CStr, buf: &'a mut [u8]) -> Option<&'a [u8]> {
        let value = std::env::var_os(name.to_str().ok()?)?;
        let value = value.as_encoded_bytes();
        let out = buf.get_mut(..value.len())?;
        out.copy_from_slice(value);
        Some(out)
    }

    pub(super) fn run_on_threads(_helpers: usize, work: &(dyn Fn() + Sync)) -> usize {
        run_caught(work);
        0
    }

    pub(super) fn detect_cores() -> usize {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn every_started_thread_runs_the_work_once_and_is_joined() {
        for helpers in [0, 1, 3, 1000] {
            let runs = AtomicUsize::new(0);
            let work = || {
                runs.fetch_add(1, Ordering::Relaxed);
            };
            let started = run_on_threads(helpers, &work);
            assert!(started <= helpers.min(MAX_HELPERS));
            assert_eq!(runs.load(Ordering::Relaxed), started + 1);
        }
    }

    #[test]
    fn a_panicking_run_ends_only_itself() {
        let runs = AtomicUsize::new(0);
        let work = || {
            if runs.fetch_add(1, Ordering::Relaxed).is_multiple_of(2) {
                panic!("a bug in one run");
            }
        };
        let started = run_on_threads(3, &work);
        assert_eq!(runs.load(Ordering::Relaxed), started + 1);
    }

    #[test]
    fn cores_are_counted_once_and_agree_with_the_standard_library() {
        let cores = available_cores();
        assert!(cores >= 1);
        assert_eq!(available_cores(), cores);
        if let Ok(std_count) = std::thread::available_parallelism() {
            assert_eq!(cores, std_count.get());
        }
    }
}
