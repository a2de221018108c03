//! Reading puzzles: the input is read in large chunks of whole lines, and each chunk is
//! split into lines without allocating per line.
//!
//! A line is trimmed of surrounding whitespace (so a CR before the LF, as in CRLF files,
//! goes too). Then it is blank (nothing left), a comment (it starts with `#`), a puzzle
//! (81 characters) or bad (any other length). A UTF-8 byte-order mark at the very start of
//! the input is skipped.

use crate::library::{Bytes, CELLS};
use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender};

/// What a line of the input holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A puzzle: the index of its board in [`Chunk::boards`].
    Puzzle(usize),
    /// A comment (`#` first) or a blank line.
    Pass,
    /// A line that is neither blank, a comment nor 81 characters long.
    Bad,
}

/// One line of a chunk: where its trimmed text lies in [`Chunk::buf`], and what it is.
#[derive(Debug, Clone, Copy)]
pub struct Line {
    /// The start of the trimmed text in the chunk's buffer.
    pub start: usize,
    /// The end of the trimmed text.
    pub end: usize,
    /// What the line holds.
    pub kind: Kind,
}

/// Whole lines of the input, split and with their puzzles copied out.
#[derive(Debug, Default)]
pub struct Chunk {
    /// The raw bytes of the lines.
    pub buf: Vec<u8>,
    /// The lines, in input order.
    pub lines: Vec<Line>,
    /// The puzzles of the lines, in input order.
    pub boards: Vec<Bytes>,
    /// The number (from 1) of the chunk's first line in the input.
    pub first_line: u64,
}

impl Chunk {
    /// The trimmed text of `line`.
    pub fn text(&self, line: &Line) -> &[u8] {
        &self.buf[line.start..line.end]
    }

    /// The number (from 1) of the `i`-th line of the chunk in the input.
    pub fn line_number(&self, i: usize) -> u64 {
        self.first_line + i as u64
    }

    /// Splits `buf` (whole lines; the last one may lack its line end) into lines.
    fn split(&mut self, skip_bom: bool) {
        self.lines.clear();
        self.boards.clear();
        let buf = &self.buf[..];
        let mut start = if skip_bom && buf.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        let mut ends = memchr::memchr_iter(b'\n', buf);
        while start < buf.len() {
            let end = ends.next().unwrap_or(buf.len());
            let line = classify(buf, start, end, self.boards.len());
            if let Kind::Puzzle(_) = line.kind {
                let mut board = [0; CELLS];
                board.copy_from_slice(&buf[line.start..line.end]);
                self.boards.push(board);
            }
            self.lines.push(line);
            start = end + 1;
        }
    }
}

/// The line of `buf[start..end]` (without its `\n`), trimmed and classified; `next_board`
/// is the index its board gets if it is a puzzle.
fn classify(buf: &[u8], start: usize, end: usize, next_board: usize) -> Line {
    let text = &buf[start..end];
    // The common case first: 81 characters, then LF or CRLF.
    let plain = text.len() == CELLS || (text.len() == CELLS + 1 && text[CELLS] == b'\r');
    let (s, e) = if plain && is_text(text[0]) && is_text(text[CELLS - 1]) {
        (0, CELLS)
    } else {
        let s = text
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(text.len());
        let e = text
            .iter()
            .rposition(|b| !b.is_ascii_whitespace())
            .map_or(s, |p| p + 1);
        (s, e)
    };
    let trimmed = &text[s..e];
    let kind = if trimmed.is_empty() || trimmed[0] == b'#' {
        Kind::Pass
    } else if trimmed.len() == CELLS {
        Kind::Puzzle(next_board)
    } else {
        Kind::Bad
    };
    Line {
        start: start + s,
        end: start + e,
        kind,
    }
}

/// Whether `b` can stand at either end of a puzzle: not whitespace, not `#`.
fn is_text(b: u8) -> bool {
    !b.is_ascii_whitespace() && b != b'#'
}

/// A chunk of input, or the error that ended reading.
pub type Incoming = io::Result<Chunk>;

/// Reads `source` in chunks of about `chunk_bytes` of whole lines and sends them on `tx`,
/// taking buffers back from `recycled`. A chunk goes out early, with the whole lines read so
/// far, when the consumer is waiting for one (`waiting`), so that a slow pipe gets answers
/// as its lines come. Ends at the end of the input, at a read error (sent), or when the
/// consumer has hung up.
pub fn read_chunks(
    mut source: impl Read,
    chunk_bytes: usize,
    tx: SyncSender<Incoming>,
    recycled: Receiver<Vec<u8>>,
    waiting: &AtomicBool,
) {
    let mut carry: Vec<u8> = Vec::new();
    let mut first_line = 1u64;
    let mut first = true;
    loop {
        let mut buf = recycled.try_recv().unwrap_or_default();
        buf.clear();
        buf.extend_from_slice(&carry);
        carry.clear();
        // Whether `buf` holds a line end yet, and how much of it was searched for one.
        let mut scanned = 0;
        let mut has_line = false;
        let mut eof = false;
        loop {
            if !has_line {
                has_line = memchr::memchr(b'\n', &buf[scanned..]).is_some();
                scanned = buf.len();
            }
            if has_line && (buf.len() >= chunk_bytes || waiting.load(Ordering::Acquire)) {
                break;
            }
            let len = buf.len();
            let want = chunk_bytes.saturating_sub(len).max(64 * 1024);
            buf.resize(len + want, 0);
            match source.read(&mut buf[len..]) {
                Ok(0) => {
                    buf.truncate(len);
                    eof = true;
                    break;
                }
                Ok(n) => buf.truncate(len + n),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => buf.truncate(len),
                Err(e) => {
                    let _ = tx.send(Err(e));
                    return;
                }
            }
        }
        if !eof {
            // Keep the partial last line for the next chunk.
            let last = memchr::memrchr(b'\n', &buf).map_or(0, |p| p + 1);
            carry.extend_from_slice(&buf[last..]);
            buf.truncate(last);
        }
        let mut chunk = Chunk {
            buf,
            first_line,
            ..Chunk::default()
        };
        chunk.split(first);
        first = false;
        first_line += chunk.lines.len() as u64;
        let empty = chunk.lines.is_empty();
        if !empty && tx.send(Ok(chunk)).is_err() {
            return;
        }
        if eof {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &[u8]) -> Vec<(Kind, Vec<u8>)> {
        let mut c = Chunk {
            buf: text.to_vec(),
            ..Chunk::default()
        };
        c.split(true);
        c.lines
            .iter()
            .map(|l| (l.kind, c.text(l).to_vec()))
            .collect()
    }

    const P: &[u8; 81] =
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn lines_are_trimmed_and_classified() {
        let mut text = Vec::new();
        text.extend_from_slice(b"\xEF\xBB\xBF# c\r\n\r\n  \t\n");
        text.extend_from_slice(P);
        text.extend_from_slice(b"\r\n ");
        text.extend_from_slice(P);
        text.extend_from_slice(b" \nabc\n");
        text.extend_from_slice(P);
        let k = kinds(&text);
        assert_eq!(k.len(), 7);
        assert_eq!(k[0], (Kind::Pass, b"# c".to_vec()));
        assert_eq!(k[1], (Kind::Pass, Vec::new()));
        assert_eq!(k[2], (Kind::Pass, Vec::new()));
        assert_eq!(k[3], (Kind::Puzzle(0), P.to_vec()));
        assert_eq!(k[4], (Kind::Puzzle(1), P.to_vec()));
        assert_eq!(k[5], (Kind::Bad, b"abc".to_vec()));
        assert_eq!(k[6], (Kind::Puzzle(2), P.to_vec()));
    }

    #[test]
    fn an_81_character_line_with_inner_spaces_is_a_puzzle_for_the_library_to_refuse() {
        let mut line = *P;
        line[40] = b' ';
        assert_eq!(kinds(&line)[0].0, Kind::Puzzle(0));
        assert_eq!(kinds(b"#")[0].0, Kind::Pass);
        assert_eq!(kinds(&P[1..])[0].0, Kind::Bad);
    }

    #[test]
    fn chunks_keep_lines_whole_and_numbered() {
        let mut text = Vec::new();
        for i in 0..1000 {
            if i % 10 == 0 {
                text.extend_from_slice(b"# comment\n");
            } else {
                text.extend_from_slice(P);
                text.push(b'\n');
            }
        }
        let (tx, rx) = std::sync::mpsc::sync_channel(1000);
        let (_keep, recycled) = std::sync::mpsc::channel();
        let waiting = AtomicBool::new(false);
        read_chunks(&text[..], 1000, tx, recycled, &waiting);
        let mut next = 1;
        let mut puzzles = 0;
        for chunk in rx {
            let chunk = chunk.unwrap();
            assert_eq!(chunk.first_line, next);
            next += chunk.lines.len() as u64;
            for (i, line) in chunk.lines.iter().enumerate() {
                let n = chunk.line_number(i);
                match line.kind {
                    Kind::Pass => assert_eq!((n - 1) % 10, 0),
                    Kind::Puzzle(b) => {
                        assert_eq!(&chunk.boards[b], P);
                        puzzles += 1;
                    }
                    Kind::Bad => panic!("line {n} is bad"),
                }
            }
        }
        assert_eq!(next, 1001);
        assert_eq!(puzzles, 900);
    }
}
