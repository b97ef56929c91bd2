//! Text printed to a terminal, where some characters are obeyed rather
//! than shown: escape sequences (`ESC`, and the C1 controls such as CSI,
//! U+009B, that some terminals take for one) set the window's title or
//! the clipboard (OSC 0, OSC 52) or erase lines, a carriage return goes
//! back to overwrite what was printed, and bidirectional overrides show
//! text in another order than it is. A game's texts (its errors, panics,
//! names, files' names) are printed by `--check`, `--list`, `--play` and
//! `--install-game`; every one goes through [`visible_lines`] (the
//! [`Terminal`] writer, or directly), so the player reads them, escaped
//! as Rust writes them (`\u{1b}`), and the terminal obeys none.

use std::io::{self, Write};

/// Whether a terminal would obey `c`, or show the text around it in
/// another order, rather than show it: the C0 and C1 controls and DEL,
/// the bidirectional marks, embeddings, overrides and isolates, and the
/// line and paragraph separators.
pub fn is_obeyed(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{61c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
                | '\u{2028}'
                | '\u{2029}'
        )
}

/// `text` with every character a terminal would obey ([`is_obeyed`]),
/// line breaks included, written out (`\u{1b}`, `\r`, `\n`): a game's text
/// quoted on one line.
pub fn visible(text: &str) -> String {
    escaped(text, false)
}

/// [`visible`], but for line breaks, which stay: the launcher's own
/// message of several lines, holding a game's texts.
pub fn visible_lines(text: &str) -> String {
    escaped(text, true)
}

fn escaped(text: &str, keep_line_breaks: bool) -> String {
    if !text.chars().any(is_obeyed) {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_obeyed(c) && !(keep_line_breaks && c == '\n') {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A writer to a terminal that passes everything written through
/// [`visible_lines`]: what `--list`, `--check` and the install commands
/// print, with every text of a game in it, whichever line it is on.
pub struct Terminal<W: Write>(pub W);

impl<W: Write> Write for Terminal<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        // `write!` hands over whole `str` pieces, so a character is never
        // split between two writes; bytes that are not UTF-8 are shown as
        // U+FFFD.
        self.0
            .write_all(visible_lines(&String::from_utf8_lossy(buf)).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// Prints `text` and a line break on standard error, through
/// [`visible_lines`]: `eprintln!` for a message holding a game's text.
pub fn say(text: &str) {
    let _ = writeln!(io::stderr().lock(), "{}", visible_lines(text));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_controls_and_bidi_overrides_and_keeps_text() {
        let hostile = "\x1b]0;pwned\x07\x1b[2K\rok\u{9b}31m\u{202e}exe.txt\u{2067}Café ✓";
        assert_eq!(
            visible(hostile),
            "\\u{1b}]0;pwned\\u{7}\\u{1b}[2K\\rok\\u{9b}31m\\u{202e}exe.txt\\u{2067}Café ✓"
        );
        assert_eq!(visible("a\nb\tc"), "a\\nb\\tc");
        assert_eq!(visible_lines("a\nb\r\n"), "a\nb\\r\n");
    }

    #[test]
    fn the_terminal_writer_escapes_whatever_is_written() {
        let mut out = Terminal(Vec::new());
        let said = "\x1b[2K\rok";
        writeln!(out, "  state:     broken: {said}").unwrap();
        assert_eq!(
            String::from_utf8(out.0).unwrap(),
            "  state:     broken: \\u{1b}[2K\\rok\n"
        );
    }
}
