//! The output line of `rate --se`: serate's format templates (`%g ED=%r/%p/%d` by default),
//! parsed once and written for every puzzle.

use crate::library::SeRating;
use std::io::Write;

/// serate's own line: the puzzle, then `ED=ER/EP/ED`.
pub const DEFAULT: &str = "%g ED=%r/%p/%d";

/// One piece of a template.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    /// Text written as it is (`%%` gives a `%`).
    Text(Vec<u8>),
    /// `%g`: the puzzle line as it was read.
    Puzzle,
    /// `%r`: ER.
    Er,
    /// `%p`: EP.
    Ep,
    /// `%d`: ED.
    Ed,
    /// `%n`: the puzzle's number in the input, from 1.
    Number,
}

/// A parsed template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template(Vec<Piece>);

impl Template {
    /// Parses a template: `%g` (the puzzle as given), `%r` (ER), `%p` (EP), `%d` (ED), `%n`
    /// (the puzzle's number, from 1), `%l` (a line end), `%t` (a tab) and `%%` (a `%`);
    /// every other character is written as it is. Any other `%` conversion, and a `%` at
    /// the end, is refused with a message.
    pub fn parse(template: &str) -> Result<Template, String> {
        let mut pieces = Vec::new();
        let mut text = Vec::new();
        let mut chars = template.chars();
        while let Some(c) = chars.next() {
            if c != '%' {
                let mut buf = [0; 4];
                text.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                continue;
            }
            let piece = match chars.next() {
                Some('%') => {
                    text.push(b'%');
                    continue;
                }
                Some('l') => {
                    text.push(b'\n');
                    continue;
                }
                Some('t') => {
                    text.push(b'\t');
                    continue;
                }
                Some('g') => Piece::Puzzle,
                Some('r') => Piece::Er,
                Some('p') => Piece::Ep,
                Some('d') => Piece::Ed,
                Some('n') => Piece::Number,
                Some(other) => {
                    return Err(format!(
                        "%{other} is not a conversion of --format (%g %r %p %d %n %l %t %%)"
                    ))
                }
                None => return Err("--format ends with a lone %".to_string()),
            };
            if !text.is_empty() {
                pieces.push(Piece::Text(std::mem::take(&mut text)));
            }
            pieces.push(piece);
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Ok(Template(pieces))
    }

    /// Writes the line of one puzzle (`puzzle` as read, its `number` from 1) and a line end.
    pub fn write(&self, o: &mut Vec<u8>, puzzle: &[u8], number: u64, rating: &SeRating) {
        for piece in &self.0 {
            match piece {
                Piece::Text(text) => o.extend_from_slice(text),
                Piece::Puzzle => o.extend_from_slice(puzzle),
                Piece::Er => write_tenths(o, rating.er),
                Piece::Ep => write_tenths(o, rating.ep),
                Piece::Ed => write_tenths(o, rating.ed),
                Piece::Number => {
                    let _ = write!(o, "{number}");
                }
            }
        }
        o.push(b'\n');
    }
}

/// Writes a rating in tenths with one decimal, as serate prints it (`72` as `7.2`).
fn write_tenths(o: &mut Vec<u8>, tenths: i32) {
    let sign = if tenths < 0 { "-" } else { "" };
    let size = tenths.unsigned_abs();
    let _ = write!(o, "{sign}{}.{}", size / 10, size % 10);
}

/// A rating in tenths as a number with one decimal (`72` as `7.2`), for JSON.
pub fn tenths_value(tenths: i32) -> f64 {
    f64::from(tenths) / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(template: &str, puzzle: &str, number: u64, r: (i32, i32, i32)) -> String {
        let rating = SeRating {
            er: r.0,
            ep: r.1,
            ed: r.2,
        };
        let mut o = Vec::new();
        Template::parse(template).expect("a valid template").write(
            &mut o,
            puzzle.as_bytes(),
            number,
            &rating,
        );
        String::from_utf8(o).expect("UTF-8")
    }

    #[test]
    fn the_default_is_serates_line() {
        assert_eq!(line(DEFAULT, "P", 1, (20, 12, 12)), "P ED=2.0/1.2/1.2\n");
        assert_eq!(line(DEFAULT, "P", 1, (0, 0, 0)), "P ED=0.0/0.0/0.0\n");
        assert_eq!(line(DEFAULT, "P", 1, (119, 105, 7)), "P ED=11.9/10.5/0.7\n");
    }

    #[test]
    fn every_conversion_and_plain_text() {
        assert_eq!(
            line("%n:%g|%r %p %d|%%|%t|%l", "P", 12, (72, 15, 12)),
            "12:P|7.2 1.5 1.2|%|\t|\n\n"
        );
        assert_eq!(line("ER é", "P", 1, (72, 15, 12)), "ER é\n");
        assert_eq!(line("", "P", 1, (72, 15, 12)), "\n");
        assert_eq!(line("%r", "P", 1, (-5, 0, 0)), "-0.5\n");
    }

    #[test]
    fn unknown_conversions_and_a_lone_percent_are_refused() {
        for bad in ["%x", "%g %R", "ED=%", "%%%", "%e"] {
            assert!(Template::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn json_values_have_one_decimal() {
        assert_eq!(tenths_value(72).to_string(), "7.2");
        assert_eq!(tenths_value(119).to_string(), "11.9");
        assert_eq!(tenths_value(0), 0.0);
    }
}
