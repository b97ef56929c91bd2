//! Resume files: the position of every open game that saves, written after
//! each move to `<state dir>/saves/<game directory>.save`, and read when the
//! game is opened again, so a game comes back where the player left it.
//!
//! The file is a short text header, a blank line, then the game's bytes:
//!
//! ```text
//! game-launcher save 1
//! game = chat-noir
//! played-ms = 5120
//! counted = false
//! start = 35
//! state = 41
//!
//! <35 bytes of the game's start><41 bytes of the position>
//! ```
//!
//! It is written atomically (a temporary file, then a rename). A file that
//! cannot be read — garbage, cut short, another game's, or refused by the
//! game's `load` — is set aside as `<name>.save.corrupt` and reported; the
//! game starts afresh and nothing crashes.

use crate::files;
use crate::midend::Snapshot;
use game_api::host::MAX_SAVE_BYTES;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The first line of every resume file.
const MAGIC: &str = "game-launcher save 1";

/// The largest resume file read: two saves and the header.
const MAX_FILE_BYTES: u64 = 2 * MAX_SAVE_BYTES as u64 + 4096;

/// A game as it was when last saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// The game's directory name (its identity).
    pub game: String,
    /// The position and the start of its game.
    pub snapshot: Snapshot,
    /// The time played on that game.
    pub played: Duration,
    /// Whether its result was already counted in the statistics.
    pub counted: bool,
}

/// Where the resume file of the game in directory `dir_name` is, under the
/// state directory `state_dir`.
pub fn save_path(state_dir: &Path, dir_name: &str) -> PathBuf {
    state_dir.join("saves").join(format!("{dir_name}.save"))
}

impl SavedGame {
    /// The file's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let start = &self.snapshot.start;
        let state = &self.snapshot.state;
        let mut out = format!(
            "{MAGIC}\ngame = {}\nplayed-ms = {}\ncounted = {}\nstart = {}\nstate = {}\n\n",
            self.game,
            self.played.as_millis(),
            self.counted,
            start.len(),
            state.len()
        )
        .into_bytes();
        out.extend_from_slice(start);
        out.extend_from_slice(state);
        out
    }

    /// Reads a file's bytes, checking it is a resume file of `game`.
    pub fn decode(bytes: &[u8], game: &str) -> Result<SavedGame, String> {
        let blank = bytes
            .windows(2)
            .position(|w| w == b"\n\n")
            .ok_or("it has no header (not a resume file)")?;
        let header = std::str::from_utf8(&bytes[..blank])
            .map_err(|_| "its header is not text (not a resume file)")?;
        let body = &bytes[blank + 2..];
        let mut lines = header.lines();
        if lines.next() != Some(MAGIC) {
            return Err("it does not start with \"game-launcher save 1\" (not a resume file, or one from a newer launcher)".into());
        }
        let mut fields = std::collections::HashMap::new();
        for line in lines {
            let (key, value) = line
                .split_once(" = ")
                .ok_or_else(|| format!("its header line {line:?} is not \"key = value\""))?;
            fields.insert(key, value);
        }
        let field = |key: &str| {
            fields
                .get(key)
                .copied()
                .ok_or_else(|| format!("its header lacks \"{key}\""))
        };
        let number = |key: &str| -> Result<u64, String> {
            field(key)?
                .parse::<u64>()
                .map_err(|_| format!("its \"{key}\" is not a number"))
        };
        let saved_game = field("game")?;
        if saved_game != game {
            return Err(format!("it is a save of another game ({saved_game})"));
        }
        let start_len = number("start")? as usize;
        let state_len = number("state")? as usize;
        if start_len > MAX_SAVE_BYTES || state_len > MAX_SAVE_BYTES {
            return Err("it claims a save larger than the launcher keeps".into());
        }
        if body.len() != start_len + state_len {
            return Err(format!(
                "it holds {} bytes of game where its header says {} (cut short or damaged)",
                body.len(),
                start_len + state_len
            ));
        }
        let counted = match field("counted")? {
            "true" => true,
            "false" => false,
            _ => return Err("its \"counted\" is neither true nor false".into()),
        };
        Ok(SavedGame {
            game: game.to_owned(),
            snapshot: Snapshot {
                start: body[..start_len].into(),
                state: body[start_len..].into(),
            },
            played: Duration::from_millis(number("played-ms")?),
            counted,
        })
    }

    /// Writes the file atomically.
    pub fn write(&self, path: &Path) -> Result<(), String> {
        let dir = path.parent().ok_or("a resume file needs a directory")?;
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let temporary = path.with_extension("save.tmp");
        std::fs::write(&temporary, self.encode())
            .and_then(|()| std::fs::rename(&temporary, path))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// What reading a resume file gave.
#[derive(Debug)]
pub enum Resume {
    /// No file: a new game.
    Nothing,
    /// The game as it was.
    Saved(SavedGame),
    /// The file could not be read; it was set aside. The message says why
    /// and where it went, for the player.
    SetAside(String),
}

/// Reads the resume file of `game` at `path`; a damaged one is set aside.
pub fn read(path: &Path, game: &str) -> Resume {
    if !path.exists() {
        return Resume::Nothing;
    }
    let problem = match files::read_capped(path, MAX_FILE_BYTES) {
        Ok(bytes) => match SavedGame::decode(&bytes, game) {
            Ok(saved) => return Resume::Saved(saved),
            Err(problem) => problem,
        },
        Err(e) => e.to_string(),
    };
    Resume::SetAside(set_aside(path, &problem))
}

/// Moves a resume file the game could not use out of the way; returns the
/// message for the player.
pub fn set_aside(path: &Path, problem: &str) -> String {
    let aside = path.with_extension("save.corrupt");
    match std::fs::rename(path, &aside) {
        Ok(()) => format!(
            "the saved game {} could not be restored: {problem}. It was set aside as {}; a new game started",
            path.display(),
            aside.display()
        ),
        Err(e) => format!(
            "the saved game {} could not be restored: {problem}; setting it aside failed too ({e}); a new game started",
            path.display()
        ),
    }
}

/// Removes a game's resume file (nothing to resume), ignoring a missing one.
pub fn remove(path: &Path) {
    let _ = std::fs::remove_file(path);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn saved() -> SavedGame {
        SavedGame {
            game: "chat-noir".into(),
            snapshot: Snapshot {
                start: b"start\n\nwith blank lines".as_slice().into(),
                state: b"\x00\x01binary".as_slice().into(),
            },
            played: Duration::from_millis(5120),
            counted: true,
        }
    }

    #[test]
    fn a_save_round_trips_even_with_binary_bytes() {
        let bytes = saved().encode();
        assert_eq!(SavedGame::decode(&bytes, "chat-noir"), Ok(saved()));
    }

    #[test]
    fn garbage_truncated_and_foreign_saves_are_refused_with_a_reason() {
        let bytes = saved().encode();
        let cut = SavedGame::decode(&bytes[..bytes.len() - 3], "chat-noir").unwrap_err();
        assert!(cut.contains("cut short"), "{cut}");
        let other = SavedGame::decode(&bytes, "lights-out").unwrap_err();
        assert_eq!(other, "it is a save of another game (chat-noir)");
        let garbage = SavedGame::decode(b"\xff\xfe garbage", "chat-noir").unwrap_err();
        assert!(garbage.contains("not a resume file"), "{garbage}");
        let forged = String::from_utf8_lossy(&bytes)
            .replace("state = 8", "state = 99999999999")
            .into_bytes();
        assert!(SavedGame::decode(&forged, "chat-noir").is_err());
    }

    #[test]
    fn a_damaged_file_is_set_aside_and_reported_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = save_path(dir.path(), "chat-noir");
        assert!(matches!(read(&path, "chat-noir"), Resume::Nothing));
        saved().write(&path).unwrap();
        assert!(matches!(read(&path, "chat-noir"), Resume::Saved(s) if s == saved()));
        std::fs::write(&path, b"nonsense").unwrap();
        let Resume::SetAside(message) = read(&path, "chat-noir") else {
            panic!("a damaged file is set aside");
        };
        assert!(message.contains("could not be restored"), "{message}");
        assert!(message.contains("chat-noir.save.corrupt"), "{message}");
        assert!(!path.exists() && path.with_extension("save.corrupt").exists());
        assert!(matches!(read(&path, "chat-noir"), Resume::Nothing));
    }
}
