//! Saved-game files: a game saved by the player to a file of their choice
//! (Game ▸ Save game as…), to open again later or to share (Game ▸ Open
//! saved game…, `launcher --open FILE.pltgame`).
//!
//! The file is a short text header naming the game, a blank line, then
//! the game exactly as its resume file keeps it (`game-launcher save 2`,
//! see [`crate::saves`]): its position, the start of its game, the time
//! played and the undo chain, so Undo walks back through the moves made
//! before it was saved.
//!
//! ```text
//! plt-games saved game 1
//! game = chat-noir
//! name = Chat Noir
//! launcher = 0.1.0
//! game-id = 11:5,5:800002000G80020000000G
//! body = 412
//! body-fnv = 9a3e…
//!
//! game-launcher save 2
//! …the resume file's header and bytes…
//! ```
//!
//! `game` is the game's directory name (its identity: a file is opened only
//! by that game), `name` the name the player knows it by (for messages),
//! `launcher` the version of the launcher that wrote it, `game-id` the
//! board the game started from (when the game has game IDs; informative).
//! `body` and its FNV-1a hash tell a file cut short or damaged from a good
//! one. The first line's number is the format: a file of a newer format is
//! refused as such, never misread. Files end in [`EXTENSION`].

use crate::files;
use crate::saves::{self, SavedGame, SavedHistory};
use std::path::{Path, PathBuf};

/// The extension of saved-game files, without the dot.
pub const EXTENSION: &str = "pltgame";

/// The first line's words, before the format's number (the desktop's MIME
/// database knows a saved game by them too).
pub const MAGIC: &str = "plt-games saved game";

/// The format this launcher writes, and the newest it reads.
pub const FORMAT: u32 = 1;

/// The largest saved-game file read: a resume file and a header.
pub const MAX_FILE_BYTES: u64 = saves::MAX_FILE_BYTES + 4096;

/// A game as saved to a file by the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFile {
    /// The game's name, as the player knows it (for messages).
    pub name: String,
    /// The board the game started from, if the game has game IDs.
    pub game_id: Option<String>,
    /// The position, its start, the time played; `saved.game` is the
    /// game's directory name.
    pub saved: SavedGame,
    /// The undo chain around the position.
    pub history: SavedHistory,
}

impl GameFile {
    /// The file's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let body = self.saved.encode_with_history(&self.history);
        let mut header = format!(
            "{MAGIC} {FORMAT}\ngame = {}\nname = {}\nlauncher = {}\n",
            self.saved.game,
            one_line(&self.name),
            env!("CARGO_PKG_VERSION"),
        );
        if let Some(id) = &self.game_id {
            header.push_str(&format!("game-id = {}\n", one_line(id)));
        }
        header.push_str(&format!(
            "body = {}\nbody-fnv = {:016x}\n\n",
            body.len(),
            saves::fnv1a(&body)
        ));
        let mut out = header.into_bytes();
        out.extend_from_slice(&body);
        out
    }

    /// Reads a file's bytes for the game in directory `game` (called
    /// `name`). The error says what is wrong in a player's words, to
    /// follow "The file … cannot be opened: ".
    pub fn decode(bytes: &[u8], game: &str, name: &str) -> Result<GameFile, String> {
        let not_saved_game = || {
            format!(
                "it is not a saved game (a saved game is a .{EXTENSION} file the launcher wrote with Save game as…)"
            )
        };
        let first = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
        let first = std::str::from_utf8(first).map_err(|_| not_saved_game())?;
        let format = first
            .strip_prefix(MAGIC)
            .and_then(|rest| rest.trim().parse::<u32>().ok())
            .ok_or_else(not_saved_game)?;
        if format > FORMAT {
            return Err(format!(
                "it was saved by a newer launcher (saved-game format {format}; this one reads format {FORMAT} and older). Update the launcher to open it"
            ));
        }
        let blank = bytes
            .windows(2)
            .position(|w| w == b"\n\n")
            .ok_or("it is cut short (its header has no end)")?;
        let header = std::str::from_utf8(&bytes[..blank]).map_err(|_| not_saved_game())?;
        let body = &bytes[blank + 2..];
        let mut fields = std::collections::HashMap::new();
        for line in header.lines().skip(1) {
            let (key, value) = line.split_once(" = ").ok_or_else(|| {
                format!("its header line {line:?} is not \"key = value\" (damaged)")
            })?;
            fields.insert(key, value);
        }
        let field = |key: &str| {
            fields
                .get(key)
                .copied()
                .ok_or_else(|| format!("its header lacks \"{key}\" (damaged)"))
        };
        let saved_game = field("game")?;
        let saved_name = fields.get("name").copied().unwrap_or(saved_game);
        if saved_game != game {
            return Err(format!(
                "it is a saved game of {saved_name}, not of {name}. Open it from {saved_name}'s window, or with launcher --open"
            ));
        }
        let length: usize = field("body")?
            .parse()
            .map_err(|_| "its \"body\" is not a number (damaged)".to_owned())?;
        if body.len() < length {
            return Err(format!(
                "it is cut short: it holds {} bytes of game where its header says {length}",
                body.len()
            ));
        }
        if body.len() > length {
            return Err(format!(
                "it holds {} bytes of game where its header says {length} (damaged)",
                body.len()
            ));
        }
        if u64::from_str_radix(field("body-fnv")?, 16).ok() != Some(saves::fnv1a(body)) {
            return Err("its contents do not match their checksum (damaged)".into());
        }
        let (saved, history) = saves::decode_with_history(body, game)?;
        let history = history.map_err(|why| format!("its undo history is damaged: {why}"))?;
        Ok(GameFile {
            name: saved_name.to_owned(),
            game_id: fields.get("game-id").map(|s| (*s).to_owned()),
            saved,
            history,
        })
    }

    /// Writes the file at `path` atomically (a temporary file beside it,
    /// then a rename), so a failure never leaves half a file.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        let name = path
            .file_name()
            .ok_or_else(|| format!("{} is not a file name", path.display()))?;
        let mut temporary = name.to_owned();
        temporary.push(".tmp");
        let temporary = path.with_file_name(temporary);
        std::fs::write(&temporary, self.encode())
            .and_then(|()| std::fs::rename(&temporary, path))
            .map_err(|e| {
                let _ = std::fs::remove_file(&temporary);
                format!("cannot write {}: {e}", path.display())
            })
    }
}

/// Reads the saved-game file at `path` for the game in directory `game`
/// (called `name`); the error is a sentence for the player.
pub fn read(path: &Path, game: &str, name: &str) -> Result<GameFile, String> {
    let bytes = files::read_capped(path, MAX_FILE_BYTES)
        .map_err(|e| format!("The file {} cannot be opened: {e}.", path.display()))?;
    GameFile::decode(&bytes, game, name)
        .map_err(|why| format!("The file {} cannot be opened: {why}.", path.display()))
}

/// The game a saved-game file belongs to: its directory name, read from
/// the file's header (for `launcher --open`, which opens that game).
pub fn game_of(path: &Path) -> Result<String, String> {
    let cannot = |why: String| format!("The file {} cannot be opened: {why}.", path.display());
    let bytes = files::read_capped(path, MAX_FILE_BYTES).map_err(|e| cannot(e.to_string()))?;
    // Decoded for no game: the refusal names the file's own.
    match GameFile::decode(&bytes, "", "") {
        Ok(_) => unreachable!("no file is a saved game of no game"),
        Err(why) if why.starts_with("it is a saved game of ") => {
            let header = bytes.split(|&b| b == b'\n').skip(1);
            header
                .filter_map(|line| std::str::from_utf8(line).ok())
                .find_map(|line| line.strip_prefix("game = "))
                .map(str::to_owned)
                .ok_or_else(|| cannot("its header names no game".into()))
        }
        Err(why) => Err(cannot(why)),
    }
}

/// `path`, ending in `.pltgame` (added when it has another ending or none).
pub fn with_extension(path: &Path) -> PathBuf {
    let has = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(EXTENSION));
    if has {
        path.to_owned()
    } else {
        let mut name = path.as_os_str().to_owned();
        name.push(".");
        name.push(EXTENSION);
        PathBuf::from(name)
    }
}

/// A file name for a saved game of `game` (its directory name):
/// `chat-noir.pltgame`.
pub fn default_file_name(game: &str) -> String {
    format!("{game}.{EXTENSION}")
}

/// A header value on one line.
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::midend::Snapshot;
    use std::time::Duration;

    fn snapshot(start: &[u8], state: &[u8]) -> Snapshot {
        Snapshot {
            start: start.into(),
            state: state.into(),
            withheld: Default::default(),
        }
    }

    fn file() -> GameFile {
        GameFile {
            name: "Chat Noir".into(),
            game_id: Some("5:2,2:JR80G".into()),
            saved: SavedGame {
                game: "chat-noir".into(),
                snapshot: snapshot(b"start", b"three"),
                played: Duration::from_millis(1500),
                counted: false,
            },
            history: SavedHistory {
                undo: vec![snapshot(b"start", b"one"), snapshot(b"start", b"two")],
                redo: vec![snapshot(b"start", b"four")],
            },
        }
    }

    #[test]
    fn a_file_reads_back_as_written() {
        let bytes = file().encode();
        assert!(bytes.starts_with(b"plt-games saved game 1\ngame = chat-noir\n"));
        let back = GameFile::decode(&bytes, "chat-noir", "Chat Noir").unwrap();
        assert_eq!(back, file());
    }

    #[test]
    fn another_games_file_is_refused_by_name() {
        let bytes = file().encode();
        let err = GameFile::decode(&bytes, "lights-out", "Lights Out").unwrap_err();
        assert!(
            err.starts_with("it is a saved game of Chat Noir, not of Lights Out"),
            "{err}"
        );
    }

    #[test]
    fn a_file_cut_short_anywhere_is_refused() {
        let bytes = file().encode();
        for cut in 0..bytes.len() {
            let err = GameFile::decode(&bytes[..cut], "chat-noir", "Chat Noir");
            assert!(err.is_err(), "cut at {cut} of {}", bytes.len());
        }
        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        let err = GameFile::decode(&flipped, "chat-noir", "Chat Noir").unwrap_err();
        assert!(err.contains("checksum"), "{err}");
    }

    #[test]
    fn a_newer_format_and_other_files_are_refused_as_such() {
        let newer =
            String::from_utf8(file().encode())
                .unwrap()
                .replacen("saved game 1", "saved game 2", 1);
        let err = GameFile::decode(newer.as_bytes(), "chat-noir", "Chat Noir").unwrap_err();
        assert!(err.contains("newer launcher"), "{err}");
        let err = GameFile::decode(b"\x89PNG\r\n", "chat-noir", "Chat Noir").unwrap_err();
        assert!(err.starts_with("it is not a saved game"), "{err}");
    }

    #[test]
    fn the_game_of_a_file_is_read_from_its_header() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cat.pltgame");
        file().write(&path).unwrap();
        assert_eq!(game_of(&path).unwrap(), "chat-noir");
        std::fs::write(&path, b"hello").unwrap();
        assert!(game_of(&path).unwrap_err().contains("not a saved game"));
    }

    #[test]
    fn the_extension_is_added_once() {
        assert_eq!(
            with_extension(Path::new("/tmp/a")),
            Path::new("/tmp/a.pltgame")
        );
        assert_eq!(
            with_extension(Path::new("/tmp/a.PLTGAME")),
            Path::new("/tmp/a.PLTGAME")
        );
        assert_eq!(
            with_extension(Path::new("/tmp/a.txt")),
            Path::new("/tmp/a.txt.pltgame")
        );
    }
}
