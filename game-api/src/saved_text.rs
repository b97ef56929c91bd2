//! Reading a game's save written as lines of text, as Chat Noir's and Lights
//! Out's are: a first line `<header> <format>`, then one `<name> <value>`
//! line per field in a fixed order, then `end`. The format number lets a
//! later build read an older save and refuse a newer one; the `end` line
//! tells a save cut short from a whole one. Every refusal is a sentence for
//! the player that names the game (see [`crate::SaveLoad::load`]).
//!
//! [`SavedTextWriter`] writes the same format, so that a game's `save`
//! and `load` agree by construction:
//!
//! ```
//! use game_api::saved_text::{SavedText, SavedTextWriter};
//! let bytes = SavedTextWriter::new("Lamp save", 1).field("lit", "yes").finish();
//! assert_eq!(bytes, b"Lamp save 1\nlit yes\nend\n");
//! let mut saved = SavedText::read(&bytes, "Lamp", "Lamp save", 1).unwrap();
//! assert_eq!(saved.field("lit"), Ok("yes"));
//! saved.finish("the lamp").unwrap();
//! ```
//!
//! ```
//! use game_api::saved_text::SavedText;
//! let bytes = b"Lamp save 1\nlit yes\nend\n";
//! let mut saved = SavedText::read(bytes, "Lamp", "Lamp save", 1).unwrap();
//! assert_eq!(saved.field("lit"), Ok("yes"));
//! saved.finish("the lamp").unwrap();
//!
//! let cut = SavedText::read(b"Lamp save 1\nlit yes\n", "Lamp", "Lamp save", 1);
//! assert_eq!(
//!     cut.err().unwrap(),
//!     "This saved game of Lamp is cut short: its last line, \"end\", is missing."
//! );
//! ```

/// Writes a save in the format [`SavedText`] reads: the header line
/// `<header> <format>`, one `<name> <value>` line per field in the order
/// they are given, then `end`.
#[derive(Clone, Debug)]
pub struct SavedTextWriter {
    text: String,
}

impl SavedTextWriter {
    /// A save whose first line is `header` and the format number `format`.
    pub fn new(header: &str, format: u32) -> SavedTextWriter {
        SavedTextWriter {
            text: format!("{}{format}\n", header_prefix(header)),
        }
    }

    /// Adds the line `<name> <value>` (anything that prints: a number, a
    /// word, a board as one line). A line break in the value would end the
    /// line early, so each is written as a space: keep values on one line.
    pub fn field(mut self, name: &str, value: impl std::fmt::Display) -> SavedTextWriter {
        let value = value.to_string().replace(['\n', '\r'], " ");
        self.text.push_str(name);
        self.text.push(' ');
        self.text.push_str(&value);
        self.text.push('\n');
        self
    }

    /// The save's bytes, ending with the `end` line.
    pub fn finish(mut self) -> Vec<u8> {
        self.text.push_str("end\n");
        self.text.into_bytes()
    }
}

/// `header` and the space before the format number.
fn header_prefix(header: &str) -> String {
    format!("{header} ")
}

/// The lines of a save being read, after its header and format were checked.
#[derive(Debug)]
pub struct SavedText<'a> {
    game: &'a str,
    lines: std::str::Split<'a, char>,
}

/// The message for a save of `game` whose lines are wrong in the way
/// `what` says: "This saved game of Lamp is damaged: …".
pub fn damaged(game: &str, what: &str) -> String {
    format!("This saved game of {game} is damaged: {what}.")
}

impl<'a> SavedText<'a> {
    /// Checks that `bytes` are a save of `game`: text whose first line is
    /// `header` and the format number `format`, and whose last line is
    /// `end`. (A game that changes its format reads the older ones before
    /// calling this, by their first line.)
    ///
    /// # Errors
    ///
    /// Not text or another header ("These bytes are not a saved game of
    /// …"), a newer format, a format that is not a number, a save cut
    /// short.
    pub fn read(
        bytes: &'a [u8],
        game: &'a str,
        header: &str,
        format: u32,
    ) -> Result<SavedText<'a>, String> {
        let not_ours = || format!("These bytes are not a saved game of {game}.");
        let text = std::str::from_utf8(bytes).map_err(|_| not_ours())?;
        let mut lines = text.split('\n');
        let found = lines
            .next()
            .and_then(|l| l.strip_prefix(header))
            .and_then(|l| l.strip_prefix(' '))
            .ok_or_else(not_ours)?;
        match found.parse::<u32>() {
            Ok(n) if n == format => {}
            Ok(n) if n > format => {
                return Err(format!(
                    "This saved game of {game} is of format {n}, from a newer version; this version reads format {format}."
                ));
            }
            _ => {
                return Err(damaged(
                    game,
                    &format!("its format {found:?} is not one of {game}'s"),
                ));
            }
        }
        if !text.ends_with("\nend\n") {
            return Err(format!(
                "This saved game of {game} is cut short: its last line, \"end\", is missing."
            ));
        }
        Ok(SavedText { game, lines })
    }

    /// The value of the next line, which must be the field `name`.
    ///
    /// # Errors
    ///
    /// The next line is another field's, or missing.
    pub fn field(&mut self, name: &str) -> Result<&'a str, String> {
        self.lines
            .next()
            .and_then(|l| l.strip_prefix(name))
            .and_then(|l| l.strip_prefix(' '))
            .ok_or_else(|| self.damaged(&format!("it has no {name} line where one belongs")))
    }

    /// The message for this save being wrong in the way `what` says.
    pub fn damaged(&self, what: &str) -> String {
        damaged(self.game, what)
    }

    /// Checks that nothing but `end` follows the fields; `last` names what
    /// came last, for the message ("it has lines after the position").
    ///
    /// # Errors
    ///
    /// More lines before `end`.
    pub fn finish(mut self, last: &str) -> Result<(), String> {
        let rest: Vec<&str> = self.lines.by_ref().collect();
        if rest != ["end", ""] {
            return Err(self.damaged(&format!("it has lines after {last}")));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{SavedText, SavedTextWriter};

    #[test]
    fn what_the_writer_writes_the_reader_reads() {
        let bytes = SavedTextWriter::new("Lamp save", 2)
            .field("lit", "yes")
            .field("moves", 12)
            .field("board", "a\nb")
            .finish();
        assert_eq!(
            String::from_utf8(bytes.clone()).unwrap(),
            "Lamp save 2\nlit yes\nmoves 12\nboard a b\nend\n"
        );
        let mut saved = read(std::str::from_utf8(&bytes).unwrap()).expect("a save");
        assert_eq!(saved.field("lit"), Ok("yes"));
        assert_eq!(saved.field("moves").unwrap().parse::<u32>(), Ok(12));
        assert_eq!(saved.field("board"), Ok("a b"));
        saved.finish("the board").unwrap();
        assert_eq!(
            SavedTextWriter::new("Lamp save", 2).finish(),
            b"Lamp save 2\nend\n"
        );
    }

    fn read(text: &str) -> Result<SavedText<'_>, String> {
        SavedText::read(text.as_bytes(), "Lamp", "Lamp save", 2)
    }

    #[test]
    fn every_refusal_names_the_game_and_says_why() {
        assert_eq!(
            read("Dog save 1\nend\n").unwrap_err(),
            "These bytes are not a saved game of Lamp."
        );
        assert_eq!(
            SavedText::read(b"\xff\xfe", "Lamp", "Lamp save", 2).unwrap_err(),
            "These bytes are not a saved game of Lamp."
        );
        assert_eq!(
            read("Lamp save 3\nend\n").unwrap_err(),
            "This saved game of Lamp is of format 3, from a newer version; this version reads format 2."
        );
        assert_eq!(
            read("Lamp save x\nend\n").unwrap_err(),
            "This saved game of Lamp is damaged: its format \"x\" is not one of Lamp's."
        );
        assert_eq!(
            read("Lamp save 1\nend\n").unwrap_err(),
            "This saved game of Lamp is damaged: its format \"1\" is not one of Lamp's."
        );
        let mut saved = read("Lamp save 2\nlit yes\nextra 1\nend\n").expect("a save");
        assert_eq!(
            saved.field("colour").unwrap_err(),
            "This saved game of Lamp is damaged: it has no colour line where one belongs."
        );
        assert_eq!(
            saved.finish("the lamp").unwrap_err(),
            "This saved game of Lamp is damaged: it has lines after the lamp."
        );
    }
}
