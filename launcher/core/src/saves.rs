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
//! That is the first format (`save 1`), which the launcher still reads. It
//! now writes `save 2`: the same header and bytes, then the undo chain, as
//! Simon Tatham's midend saves its history, so that Undo walks back through
//! the moves made before quitting:
//!
//! ```text
//! game-launcher save 2
//! game = chat-noir
//! …the fields above…
//! chain = 120
//! chain-fnv = 9a3e…
//!
//! <start><state><120 bytes of chain>
//! ```
//!
//! The chain is a list of records, each `<kind> <length>\n<bytes>`: `start`
//! (the start of the positions after it, until the next), `undo` (a
//! position before the current one, oldest first) and `redo` (a position
//! undone, the next one first). The chain is at most [`MAX_CHAIN_BYTES`]:
//! past it the oldest moves are left out first. Its FNV-1a hash
//! (`chain-fnv`) tells a damaged chain from a good one.
//!
//! It is written atomically (a temporary file, then a rename), by a thread
//! of its own ([`SaveWriter`], one per game window): a move hands the
//! position and its history over (shared bytes, no copy) and goes on; a
//! newer position replaces one not yet written, and closing the window or
//! quitting writes the last one before the launcher goes on. A position
//! over [`MAX_POSITION_BYTES`] (a game returning 16 MiB a move) is not
//! written at all, nor kept for Undo once the game moves on
//! ([`crate::midend::Snapshot::kept`]), and the window says why
//! ([`position_too_large`]), so the launcher never rewrites tens of MiB
//! per move nor holds them.
//!
//! A file that
//! cannot be read — garbage, cut short, another game's, or refused by the
//! game's `load` — is set aside as `<name>.save.corrupt` and reported; the
//! game starts afresh and nothing crashes. A file whose position is good but
//! whose chain is damaged is set aside too, and the game goes on from its
//! position without the history.

use crate::files;
use crate::midend::Snapshot;
use game_api::host::MAX_SAVE_BYTES;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The first line of a resume file of the first format (no history).
const MAGIC: &str = "game-launcher save 1";

/// The first line of a resume file with its undo chain.
const MAGIC_2: &str = "game-launcher save 2";

/// The most bytes of undo chain a resume file keeps (the file stays small:
/// it is written after every move); past it, the oldest moves are left
/// out first.
pub const MAX_CHAIN_BYTES: usize = 4 * 1024 * 1024;

/// The most bytes of a position (its game's start and its state) a resume
/// file keeps: a larger one is not written (see [`position_too_large`]).
/// The same limit as a game process's, which does not send a larger state.
pub const MAX_POSITION_BYTES: usize = game_api::host::MAX_KEPT_POSITION_BYTES;

/// The largest resume file read: two saves, the chain and the header.
pub const MAX_FILE_BYTES: u64 = 2 * MAX_SAVE_BYTES as u64 + MAX_CHAIN_BYTES as u64 + 4096;

/// The positions around the current one that a resume file keeps: what
/// Undo and Redo walk through after the game is opened again.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SavedHistory {
    /// The positions before the current one, oldest first.
    pub undo: Vec<Snapshot>,
    /// The positions undone, the next one (Redo's) first.
    pub redo: Vec<Snapshot>,
}

impl SavedHistory {
    /// Whether it holds no position.
    pub fn is_empty(&self) -> bool {
        self.undo.is_empty() && self.redo.is_empty()
    }
}

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

    /// The file's bytes with `history`, the newest moves of it that fit in
    /// [`MAX_CHAIN_BYTES`].
    pub fn encode_with_history(&self, history: &SavedHistory) -> Vec<u8> {
        self.encode_with_history_capped(history, MAX_CHAIN_BYTES)
    }

    /// As [`SavedGame::encode_with_history`], with at most `cap` bytes of
    /// chain.
    pub fn encode_with_history_capped(&self, history: &SavedHistory, cap: usize) -> Vec<u8> {
        let chain = encode_chain(history, cap);
        let start = &self.snapshot.start;
        let state = &self.snapshot.state;
        let mut out = format!(
            "{MAGIC_2}\ngame = {}\nplayed-ms = {}\ncounted = {}\nstart = {}\nstate = {}\nchain = {}\nchain-fnv = {:016x}\n\n",
            self.game,
            self.played.as_millis(),
            self.counted,
            start.len(),
            state.len(),
            chain.len(),
            fnv1a(&chain),
        )
        .into_bytes();
        out.extend_from_slice(start);
        out.extend_from_slice(state);
        out.extend_from_slice(&chain);
        out
    }

    /// Reads a file's bytes, checking it is a resume file of `game`: its
    /// position only (the history of a `save 2` file is not read).
    pub fn decode(bytes: &[u8], game: &str) -> Result<SavedGame, String> {
        decode_file(bytes, game).map(|(saved, _)| saved)
    }

    /// Writes the file atomically, with `history` (see
    /// [`SavedGame::encode_with_history`]).
    pub fn write_with_history(&self, path: &Path, history: &SavedHistory) -> Result<(), String> {
        write_atomically(path, &self.encode_with_history(history))
    }

    /// Writes the file atomically, in the first format (no history).
    pub fn write(&self, path: &Path) -> Result<(), String> {
        write_atomically(path, &self.encode())
    }
}

/// What a file's chain gave: the history, or why it could not be read.
pub type ChainRead = Result<SavedHistory, String>;

/// Reads a resume file's bytes, checking it is one of `game`: its position
/// (an error when it has none that can be read) and its undo chain (an
/// error when the chain is damaged). Saved-game files hold one
/// ([`crate::game_file`]).
pub fn decode_with_history(bytes: &[u8], game: &str) -> Result<(SavedGame, ChainRead), String> {
    decode_file(bytes, game)
}

/// Reads a file's bytes: its position (an error when it has none that can
/// be read) and its history (empty for the first format; an error when the
/// chain is damaged, the position being good).
fn decode_file(bytes: &[u8], game: &str) -> Result<(SavedGame, ChainRead), String> {
    let blank = bytes
        .windows(2)
        .position(|w| w == b"\n\n")
        .ok_or("it has no header (not a resume file)")?;
    let header = std::str::from_utf8(&bytes[..blank])
        .map_err(|_| "its header is not text (not a resume file)")?;
    let body = &bytes[blank + 2..];
    let mut lines = header.lines();
    let version = match lines.next() {
            Some(MAGIC) => 1,
            Some(MAGIC_2) => 2,
            _ => return Err("it does not start with \"game-launcher save 1\" or \"game-launcher save 2\" (not a resume file, or one from a newer launcher)".into()),
        };
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
    let position_len = start_len + state_len;
    let chain: ChainRead = if version == 1 {
        if body.len() != position_len {
            return Err(format!(
                "it holds {} bytes of game where its header says {} (cut short or damaged)",
                body.len(),
                position_len
            ));
        }
        Ok(SavedHistory::default())
    } else {
        if body.len() < position_len {
            return Err(format!(
                "it holds {} bytes of game where its header says at least {} (cut short or damaged)",
                body.len(),
                position_len
            ));
        }
        let chain = &body[position_len..];
        number("chain")
                .and_then(|len| {
                    if len != chain.len() as u64 {
                        return Err(format!(
                            "it holds {} bytes of undo history where its header says {len} (cut short or damaged)",
                            chain.len()
                        ));
                    }
                    let hash = field("chain-fnv")?;
                    if u64::from_str_radix(hash, 16).ok() != Some(fnv1a(chain)) {
                        return Err("its undo history does not match its \"chain-fnv\" (damaged)".into());
                    }
                    decode_chain(chain)
                })
    };
    let counted = match field("counted")? {
        "true" => true,
        "false" => false,
        _ => return Err("its \"counted\" is neither true nor false".into()),
    };
    let saved = SavedGame {
        game: game.to_owned(),
        snapshot: Snapshot {
            start: body[..start_len].into(),
            state: body[start_len..position_len].into(),
            withheld: Default::default(),
        },
        played: Duration::from_millis(number("played-ms")?),
        counted,
    };
    Ok((saved, chain))
}

/// Why `snapshot` is too large for a resume file (over
/// [`MAX_POSITION_BYTES`]), in the player's words; `None` when it fits.
pub fn position_too_large(snapshot: &Snapshot) -> Option<String> {
    // Counting what the game process withheld: its size came instead.
    let bytes = snapshot.bytes();
    (bytes > MAX_POSITION_BYTES).then(|| {
        format!(
            "its position takes {:.1} MiB, more than the {} MiB the launcher keeps of a position, \
             so it is not saved for next time (reopening the game brings back the last position \
             that fitted) nor kept for Undo, which goes back past it; the game goes on",
            bytes as f64 / (1024.0 * 1024.0),
            MAX_POSITION_BYTES / (1024 * 1024)
        )
    })
}

/// A position to write: the file, the game and its history.
struct SaveJob {
    path: PathBuf,
    saved: SavedGame,
    history: SavedHistory,
}

/// What a [`SaveWriter`]'s thread and its owner share.
#[derive(Default)]
struct WriterState {
    /// The newest position not yet taken by the thread.
    next: Option<SaveJob>,
    /// The thread is writing one now.
    writing: bool,
    /// The owner is gone: write what is left, then end.
    stop: bool,
    /// How the last write went, until taken.
    result: Option<Result<(), String>>,
}

#[derive(Default)]
struct WriterShared {
    state: std::sync::Mutex<WriterState>,
    /// Wakes the thread (a job, or stop) and the owner (a job done).
    wake: std::sync::Condvar,
}

/// Writes a game's resume file on a thread of its own, so that a move
/// never waits for the disk (a 4 MiB undo chain took ~89 ms a write on the
/// UI thread, in a debug build). The newest position wins: one handed over
/// while another waits replaces it. Dropping the writer writes the last
/// position before it returns, so closing a game or quitting right after a
/// move keeps that move.
pub struct SaveWriter {
    shared: std::sync::Arc<WriterShared>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl SaveWriter {
    /// A writer whose thread calls `done` after each write (to wake the
    /// window, which then shows a failure).
    pub fn new(done: Option<std::sync::Arc<dyn Fn() + Send + Sync>>) -> SaveWriter {
        let shared = std::sync::Arc::new(WriterShared::default());
        let thread = {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name("resume-file".into())
                .spawn(move || write_jobs(&shared, done.as_deref()))
                .ok()
        };
        SaveWriter { shared, thread }
    }

    /// Hands `saved` with `history` over, to be written to `path` (in place
    /// of a position handed over before and not yet written). Without a
    /// thread (the system refused one), writes it now.
    pub fn save(&self, path: PathBuf, saved: SavedGame, history: SavedHistory) {
        let job = SaveJob {
            path,
            saved,
            history,
        };
        if self.thread.is_none() {
            let result = job.saved.write_with_history(&job.path, &job.history);
            self.lock().result = Some(result);
            return;
        }
        self.lock().next = Some(job);
        self.shared.wake.notify_all();
    }

    /// Whether every position handed over is written.
    pub fn is_idle(&self) -> bool {
        let state = self.lock();
        state.next.is_none() && !state.writing
    }

    /// Waits until every position handed over is written.
    pub fn flush(&self) {
        let state = self.lock();
        let _unused = self
            .shared
            .wake
            .wait_while(state, |s| s.next.is_some() || s.writing)
            .unwrap_or_else(|e| e.into_inner());
    }

    /// How the last write went, once (`None`: nothing written since
    /// last asked).
    pub fn take_result(&self) -> Option<Result<(), String>> {
        self.lock().result.take()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, WriterState> {
        self.shared.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Drop for SaveWriter {
    fn drop(&mut self) {
        self.lock().stop = true;
        self.shared.wake.notify_all();
        if let Some(thread) = self.thread.take() {
            // It writes what it was given, then ends.
            let _ = thread.join();
        }
    }
}

/// A [`SaveWriter`]'s thread: the newest job, encoded and written, until
/// stopped with nothing left to write.
fn write_jobs(shared: &WriterShared, done: Option<&(dyn Fn() + Send + Sync)>) {
    let lock = || shared.state.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        let job = {
            let state = shared
                .wake
                .wait_while(lock(), |s| s.next.is_none() && !s.stop)
                .unwrap_or_else(|e| e.into_inner());
            let mut state = state;
            match state.next.take() {
                Some(job) => {
                    state.writing = true;
                    job
                }
                None => return,
            }
        };
        let result = job.saved.write_with_history(&job.path, &job.history);
        {
            let mut state = lock();
            state.writing = false;
            state.result = Some(result);
        }
        shared.wake.notify_all();
        if let Some(done) = done {
            done();
        }
    }
}

/// Writes `bytes` to `path` atomically (a temporary file, then a rename).
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let dir = path.parent().ok_or("a resume file needs a directory")?;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let temporary = path.with_extension("save.tmp");
    std::fs::write(&temporary, bytes)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The 64-bit FNV-1a hash of `bytes`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(*byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The bytes of one chain record: `<kind> <length>\n<bytes>`.
fn record_len(kind: &str, bytes: &[u8]) -> usize {
    kind.len() + 1 + bytes.len().to_string().len() + 1 + bytes.len()
}

fn push_record(out: &mut Vec<u8>, kind: &str, bytes: &[u8]) {
    out.extend_from_slice(format!("{kind} {}\n", bytes.len()).as_bytes());
    out.extend_from_slice(bytes);
}

fn same(a: &std::sync::Arc<[u8]>, b: &std::sync::Arc<[u8]>) -> bool {
    std::sync::Arc::ptr_eq(a, b) || a == b
}

/// How many of `positions` (the nearest to the current one first) fit in
/// `budget` bytes of records, each run of one start costing its `start`
/// record once; returns the count and the bytes they take.
fn fitting(positions: &[&Snapshot], kind: &str, budget: usize) -> (usize, usize) {
    let mut used = 0;
    for (i, position) in positions.iter().enumerate() {
        let new_run = i == 0 || !same(&positions[i - 1].start, &position.start);
        let cost = record_len(kind, &position.state)
            + if new_run {
                record_len("start", &position.start)
            } else {
                0
            };
        if used + cost > budget {
            return (i, used);
        }
        used += cost;
    }
    (positions.len(), used)
}

/// Writes `positions` (in file order) as records of `kind`, a `start`
/// record first and wherever the start changes.
fn push_positions(out: &mut Vec<u8>, positions: &[&Snapshot], kind: &str) {
    for (i, position) in positions.iter().enumerate() {
        if i == 0 || !same(&positions[i - 1].start, &position.start) {
            push_record(out, "start", &position.start);
        }
        push_record(out, kind, &position.state);
    }
}

/// The chain's bytes: the redo positions that fit in `cap` (the farthest
/// left out first), then the undo positions that fit in what is left (the
/// oldest left out first).
fn encode_chain(history: &SavedHistory, cap: usize) -> Vec<u8> {
    let redo: Vec<&Snapshot> = history.redo.iter().collect();
    let (redo_kept, redo_bytes) = fitting(&redo, "redo", cap);
    // Counted from the newest, kept oldest first.
    let undo: Vec<&Snapshot> = history.undo.iter().rev().collect();
    let (undo_kept, _) = fitting(&undo, "undo", cap - redo_bytes);
    let mut undo: Vec<&Snapshot> = undo[..undo_kept].to_vec();
    undo.reverse();
    let mut out = Vec::new();
    push_positions(&mut out, &undo, "undo");
    push_positions(&mut out, &redo[..redo_kept], "redo");
    out
}

/// Reads a chain's records.
fn decode_chain(mut chain: &[u8]) -> ChainRead {
    let mut history = SavedHistory::default();
    let mut start: Option<std::sync::Arc<[u8]>> = None;
    while !chain.is_empty() {
        let line_end = chain
            .iter()
            .position(|&b| b == b'\n')
            .ok_or("its undo history has a record without a header (damaged)")?;
        let line = std::str::from_utf8(&chain[..line_end])
            .map_err(|_| "its undo history has a record header that is not text (damaged)")?;
        let (kind, len) = line
            .split_once(' ')
            .ok_or_else(|| format!("its undo history has a record header {line:?} (damaged)"))?;
        let len: usize = len
            .parse()
            .map_err(|_| format!("its undo history has a record length {len:?} (damaged)"))?;
        let rest = &chain[line_end + 1..];
        if len > rest.len() || len > MAX_SAVE_BYTES {
            return Err(
                "its undo history has a record longer than the file (cut short or damaged)".into(),
            );
        }
        let bytes = &rest[..len];
        chain = &rest[len..];
        if kind == "start" {
            start = Some(bytes.into());
            continue;
        }
        let position = Snapshot {
            state: bytes.into(),
            start: start
                .clone()
                .ok_or("its undo history has a position before any start (damaged)")?,
            withheld: Default::default(),
        };
        match kind {
            "undo" if history.redo.is_empty() => history.undo.push(position),
            "redo" => history.redo.push(position),
            _ => {
                return Err(format!(
                    "its undo history has a record of kind {kind:?} where it cannot be (damaged)"
                ));
            }
        }
    }
    Ok(history)
}

/// What reading a resume file gave.
#[derive(Debug)]
pub enum Resume {
    /// No file: a new game.
    Nothing,
    /// The game as it was.
    Saved {
        /// Its position.
        saved: SavedGame,
        /// The positions around it, or why they could not be read (the
        /// file is then set aside once the game has its position, with
        /// [`set_aside_history`]).
        history: Result<SavedHistory, String>,
    },
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
        Ok(bytes) => match decode_file(&bytes, game) {
            Ok((saved, history)) => return Resume::Saved { saved, history },
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

/// Moves a resume file whose position the game has but whose undo history
/// could not be read (`problem`) out of the way; returns the message for
/// the player. The caller writes the position again.
pub fn set_aside_history(path: &Path, problem: &str) -> String {
    let aside = path.with_extension("save.corrupt");
    match std::fs::rename(path, &aside) {
        Ok(()) => format!(
            "the undo history of the saved game {} could not be restored: {problem}. The file was set aside as {}; the game goes on from where it was, without its earlier moves",
            path.display(),
            aside.display()
        ),
        Err(e) => format!(
            "the undo history of the saved game {} could not be restored: {problem}; setting the file aside failed ({e}); the game goes on from where it was, without its earlier moves",
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
                withheld: Default::default(),
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
        assert!(
            matches!(read(&path, "chat-noir"), Resume::Saved { saved: s, history: Ok(h) } if s == saved() && h.is_empty())
        );
        std::fs::write(&path, b"nonsense").unwrap();
        let Resume::SetAside(message) = read(&path, "chat-noir") else {
            panic!("a damaged file is set aside");
        };
        assert!(message.contains("could not be restored"), "{message}");
        assert!(message.contains("chat-noir.save.corrupt"), "{message}");
        assert!(!path.exists() && path.with_extension("save.corrupt").exists());
        assert!(matches!(read(&path, "chat-noir"), Resume::Nothing));
    }

    fn position(start: &std::sync::Arc<[u8]>, state: &str) -> Snapshot {
        Snapshot {
            start: start.clone(),
            state: state.as_bytes().into(),
            withheld: Default::default(),
        }
    }

    /// Two games: moves of the first, a New game, moves of the second, two
    /// of them undone.
    fn history() -> SavedHistory {
        let first: std::sync::Arc<[u8]> = b"g1".as_slice().into();
        let second: std::sync::Arc<[u8]> = b"g2\nstart".as_slice().into();
        SavedHistory {
            undo: vec![
                position(&first, "g1"),
                position(&first, "g1-a"),
                position(&second, "g2\nstart"),
            ],
            redo: vec![position(&second, "g2-b"), position(&second, "g2-c\n\n")],
        }
    }

    fn read_back(bytes: &[u8]) -> (SavedGame, ChainRead) {
        decode_file(bytes, "chat-noir").unwrap()
    }

    #[test]
    fn the_undo_chain_round_trips_with_its_starts() {
        let bytes = saved().encode_with_history(&history());
        assert!(bytes.starts_with(b"game-launcher save 2\n"));
        let (position, chain) = read_back(&bytes);
        assert_eq!(position, saved());
        let chain = chain.unwrap();
        assert_eq!(chain, history());
        // One start record per run of one game's positions.
        assert!(std::sync::Arc::ptr_eq(
            &chain.undo[0].start,
            &chain.undo[1].start
        ));
        assert_eq!(SavedGame::decode(&bytes, "chat-noir"), Ok(saved()));
    }

    #[test]
    fn a_file_of_the_first_format_resumes_without_history() {
        let (position, chain) = read_back(&saved().encode());
        assert_eq!(position, saved());
        assert_eq!(chain, Ok(SavedHistory::default()));
    }

    #[test]
    fn past_the_cap_the_oldest_moves_are_left_out_first() {
        let start: std::sync::Arc<[u8]> = b"s".as_slice().into();
        let long = SavedHistory {
            undo: (0..100)
                .map(|i| position(&start, &format!("{i:03}")))
                .collect(),
            redo: vec![position(&start, "next")],
        };
        // "start 1\ns" is 9 bytes, "undo 3\nNNN" 10, "redo 4\nnext" 11.
        let bytes = saved().encode_with_history_capped(&long, 9 + 11 + 9 + 5 * 10);
        let chain = read_back(&bytes).1.unwrap();
        let kept: Vec<&[u8]> = chain.undo.iter().map(|p| &*p.state).collect();
        assert_eq!(kept, [&b"095"[..], b"096", b"097", b"098", b"099"]);
        assert_eq!(chain.redo, long.redo);
        let all = saved().encode_with_history(&long);
        assert_eq!(read_back(&all).1.unwrap(), long, "4 MiB keeps them all");
    }

    #[test]
    fn a_damaged_chain_keeps_the_position_and_says_why() {
        let bytes = saved().encode_with_history(&history());
        let mut flipped = bytes.clone();
        let last = flipped.len() - 3;
        flipped[last] ^= 0x20;
        let (position, chain) = read_back(&flipped);
        assert_eq!(position, saved());
        assert!(chain.unwrap_err().contains("damaged"));
        let (position, chain) = read_back(&bytes[..bytes.len() - 5]);
        assert_eq!(position, saved());
        assert!(chain.unwrap_err().contains("cut short"));
        // A forged chain with a good hash is still checked record by record.
        let forged = b"undo 999\nxx";
        let header =
            String::from_utf8_lossy(&bytes[..bytes.windows(2).position(|w| w == b"\n\n").unwrap()])
                .lines()
                .filter(|l| !l.starts_with("chain"))
                .collect::<Vec<_>>()
                .join("\n");
        let mut file = format!(
            "{header}\nchain = {}\nchain-fnv = {:016x}\n\n",
            forged.len(),
            fnv1a(forged)
        )
        .into_bytes();
        file.extend_from_slice(b"start\n\nwith blank lines\x00\x01binary");
        file.extend_from_slice(forged);
        let (position, chain) = read_back(&file);
        assert_eq!(position, saved());
        assert!(chain.unwrap_err().contains("longer than the file"));

        // Read from disk, the position comes back with the reason.
        let dir = tempfile::tempdir().unwrap();
        let path = save_path(dir.path(), "chat-noir");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &flipped).unwrap();
        let Resume::Saved {
            saved: s,
            history: Err(why),
        } = read(&path, "chat-noir")
        else {
            panic!("the position is kept");
        };
        assert_eq!(s, saved());
        let message = set_aside_history(&path, &why);
        assert!(message.contains("without its earlier moves"), "{message}");
        assert!(path.with_extension("save.corrupt").exists());
    }

    #[test]
    fn the_writer_writes_the_newest_position_and_dropping_it_writes_the_last() {
        let dir = tempfile::tempdir().unwrap();
        let path = save_path(dir.path(), "chat-noir");
        let writer = SaveWriter::new(None);
        let mut last = saved();
        for i in 0..50 {
            last.played = Duration::from_millis(i);
            writer.save(path.clone(), last.clone(), history());
        }
        writer.flush();
        assert!(writer.is_idle());
        let Resume::Saved { saved, history: h } = read(&path, "chat-noir") else {
            panic!("not written")
        };
        assert_eq!(saved, last);
        assert_eq!(h, Ok(history()));

        // Handed over, then dropped at once (the window closed, the
        // launcher quit): written all the same.
        last.played = Duration::from_secs(99);
        writer.save(path.clone(), last.clone(), SavedHistory::default());
        drop(writer);
        let Resume::Saved { saved, .. } = read(&path, "chat-noir") else {
            panic!("not written")
        };
        assert_eq!(saved.played, Duration::from_secs(99));
    }

    #[test]
    fn a_failed_write_is_told_once() {
        let dir = tempfile::tempdir().unwrap();
        // A file where the saves directory should be.
        std::fs::write(dir.path().join("saves"), b"").unwrap();
        let writer = SaveWriter::new(None);
        writer.save(
            save_path(dir.path(), "chat-noir"),
            saved(),
            SavedHistory::default(),
        );
        writer.flush();
        let error = writer
            .take_result()
            .expect("written")
            .expect_err("the failure");
        assert!(error.contains("cannot create"), "{error}");
        assert_eq!(writer.take_result(), None);
    }

    #[test]
    fn a_huge_position_is_refused_in_words() {
        let small = saved().snapshot;
        assert_eq!(position_too_large(&small), None);
        let huge = Snapshot {
            start: small.start.clone(),
            state: vec![7u8; 16 * 1024 * 1024].into(),
            withheld: Default::default(),
        };
        let why = position_too_large(&huge).expect("refused");
        assert!(
            why.starts_with("its position takes 16.0 MiB, more than the 4 MiB"),
            "{why}"
        );
    }
}
