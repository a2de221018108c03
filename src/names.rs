//! The core's names as static NUL-terminated strings for C, made at compile time from the
//! core's own `name()`s (so that no name is written twice and none is allocated).

use core::ffi::CStr;
use sudoku_core::engine::Path;
use sudoku_core::Technique;

/// Room for the longest name and its NUL.
const WIDTH: usize = 32;

/// `name` followed by NUL bytes, in a fixed-size buffer.
const fn nul_terminated(name: &str) -> [u8; WIDTH] {
    let bytes = name.as_bytes();
    assert!(bytes.len() < WIDTH, "a name is too long for its buffer");
    let mut out = [0u8; WIDTH];
    let mut k = 0;
    while k < bytes.len() {
        assert!(bytes[k] != 0, "a name holds a NUL byte");
        out[k] = bytes[k];
        k += 1;
    }
    out
}

/// The technique names by code: `TECHNIQUES[t.code()]`.
static TECHNIQUES: [[u8; WIDTH]; Technique::ALL.len() + 1] = {
    let mut table = [[0u8; WIDTH]; Technique::ALL.len() + 1];
    table[0] = nul_terminated(Technique::None.name());
    let mut k = 0;
    while k < Technique::ALL.len() {
        let t = Technique::ALL[k];
        let code = t.code() as usize;
        assert!(
            code >= 1 && code <= Technique::ALL.len() && table[code][0] == 0,
            "technique codes are 1 to the number of techniques, each once"
        );
        table[code] = nul_terminated(t.name());
        k += 1;
    }
    table
};

/// The path names, in the order of [`Path::ALL`].
static PATHS: [[u8; WIDTH]; Path::ALL.len()] = {
    let mut table = [[0u8; WIDTH]; Path::ALL.len()];
    let mut k = 0;
    while k < Path::ALL.len() {
        table[k] = nul_terminated(Path::ALL[k].name());
        k += 1;
    }
    table
};

/// A table entry as a C string (every entry holds a NUL: [`nul_terminated`]).
fn c_str(entry: &'static [u8; WIDTH]) -> &'static CStr {
    CStr::from_bytes_until_nul(entry).unwrap_or(c"")
}

/// The name of the technique with this code, or `None` for a code that is no technique.
pub(crate) fn technique(code: i32) -> Option<&'static CStr> {
    TECHNIQUES.get(usize::try_from(code).ok()?).map(c_str)
}

/// The name of `path`.
pub(crate) fn path(path: Path) -> &'static CStr {
    let k = Path::ALL.iter().position(|&p| p == path);
    // Every path is in Path::ALL; the first entry stands in for the impossible miss.
    c_str(&PATHS[k.unwrap_or(0)])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(name: &CStr) -> &str {
        name.to_str().expect("UTF-8")
    }

    #[test]
    fn every_name_is_the_cores() {
        assert_eq!(technique(0).map(text), Some("None"));
        for t in Technique::ALL {
            assert_eq!(technique(t.code()).map(text), Some(t.name()));
        }
        for code in [-1, 36, i32::MIN, i32::MAX] {
            assert_eq!(technique(code), None);
        }
        for p in Path::ALL {
            assert_eq!(text(path(p)), p.name());
        }
    }
}
