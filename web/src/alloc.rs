//! The module's allocator (wasm32 only): the standard one, with a switch that makes every
//! allocation fail, so that tests can reach the out-of-memory answers a page would meet
//! when the module's memory cannot grow.

#![allow(unsafe_code)]

use core::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::alloc::{GlobalAlloc, Layout, System};

static FAIL: AtomicBool = AtomicBool::new(false);

/// Makes every allocation from now on fail (`true`) or succeed as usual (`false`).
pub(crate) fn fail_allocations(fail: bool) {
    FAIL.store(fail, Relaxed);
}

/// [`System`], or a null pointer while [`FAIL`] is set.
struct Switchable;

// SAFETY: every method passes its arguments unchanged to `System`'s, which meets the
// trait's contract, or returns null from `alloc`, which the contract allows (an allocation
// error); `realloc` and `alloc_zeroed` are the trait's defaults, built on `alloc` and
// `dealloc`, so they fail the same way and never free what they did not replace.
unsafe impl GlobalAlloc for Switchable {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if FAIL.load(Relaxed) {
            return core::ptr::null_mut();
        }
        // SAFETY: the caller meets `GlobalAlloc::alloc`'s contract (a layout of nonzero
        // size), which is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above with `layout`, hence from `System.alloc`
        // with the same layout (a null pointer is never handed out as an allocation).
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Switchable = Switchable;
