//! Loading game libraries, only when a game is started.
//!
//! A library, once loaded, stays loaded for the life of the process: unloading
//! is unsound while any pointer into it (its static table, a string it
//! returned) might still be alive.

use game_api::RecordingPainter;
use game_api::abi::{ENTRY_SYMBOL, EntryFn};
use game_api::host::{AbiError, CallError, GameLibrary, NoServices};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Why a game's library could not be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The operating system refused to load the file.
    #[error(
        "{path}: cannot load it as a dynamic library ({reason}); {hint}",
        path = .path.display()
    )]
    Open {
        /// The library file.
        path: PathBuf,
        /// The loader's own words.
        reason: String,
        /// What the file's header says it is, and what to do (see [`diagnose`]).
        hint: String,
    },
    /// Something other than a readable regular file stands where the
    /// library should be (a pipe, a device, a dangling link): it is never
    /// handed to the system's loader, which could block on it.
    #[error(
        "{path}: the game's library {problem}; put the game's built library there",
        path = .path.display()
    )]
    NotAFile {
        /// The library's path.
        path: PathBuf,
        /// What stands there, as a predicate ("is a named pipe (FIFO), not a regular file").
        problem: String,
    },
    /// The library has no game entry point.
    #[error(
        "{path}: not a game library: it has no `{ENTRY_SYMBOL}` function; a game exports one with `game_api::export_game!(YourGame);`",
        path = .path.display()
    )]
    NoEntry {
        /// The library file.
        path: PathBuf,
    },
    /// The game's table is of another ABI version or size.
    #[error("{path}: {error}", path = .path.display())]
    Abi {
        /// The library file.
        path: PathBuf,
        /// What the header said.
        error: AbiError,
    },
}

/// Loads libraries and keeps them loaded for the rest of the process (even
/// after the loader is dropped: a game instance may outlive it); loading the
/// same path twice returns the same table.
#[derive(Default)]
pub struct Loader {
    loaded: HashMap<PathBuf, GameLibrary>,
}

impl std::fmt::Debug for Loader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Loader")
            .field("loaded", &self.loaded.keys().collect::<Vec<_>>())
            .finish()
    }
}

impl Loader {
    /// An empty loader.
    pub fn new() -> Self {
        Self::default()
    }

    /// Loads the game library at `path` and checks its ABI.
    pub fn load(&mut self, path: &Path) -> Result<GameLibrary, LoadError> {
        if let Some(library) = self.loaded.get(path) {
            return Ok(library.clone());
        }
        crate::files::check(path).map_err(|problem| LoadError::NotAFile {
            path: path.to_owned(),
            problem: problem.to_string(),
        })?;
        // SAFETY: loading runs the library's initialisers. A game library is
        // code the user chose to install, which is the trust model of any
        // plugin host; everything we read from it afterwards is checked.
        let library = unsafe { libloading::Library::new(path) }.map_err(|e| LoadError::Open {
            path: path.to_owned(),
            reason: error_chain(&e),
            hint: diagnose(path),
        })?;
        // SAFETY: the symbol is only called as `EntryFn`, the signature every
        // ABI version of `export_game!` gives it.
        let entry = unsafe { library.get::<EntryFn>(ENTRY_SYMBOL.as_bytes()) }
            .map(|symbol| *symbol)
            .map_err(|_| LoadError::NoEntry {
                path: path.to_owned(),
            });
        // Never unload: code of it may have run, and its table and strings must
        // outlive every instance. Forgetting the handle keeps it loaded.
        std::mem::forget(library);
        let entry = entry?;
        // SAFETY: the entry function takes no arguments and returns its static
        // table; `from_entry` reads only the header until it has checked it,
        // and the library stays loaded for the life of the process.
        let game = unsafe { GameLibrary::from_entry(entry()) }.map_err(|error| LoadError::Abi {
            path: path.to_owned(),
            error,
        })?;
        self.loaded.insert(path.to_owned(), game.clone());
        Ok(game)
    }
}

/// Starts a game without a window, as `--list` does to check it: reads its
/// canvas size, title, status and controls, has it draw one frame, and closes
/// it. Returns what the launcher had to change or drop (warnings), or the
/// first call that failed (a panic, an error, a refused canvas size).
///
/// A panic is caught, but a game that aborts or loops forever in these calls
/// takes the caller with it: see [`probe_within`] for a deadline, and "What
/// the launcher survives today" in `docs/ARCHITECTURE.md`.
pub fn probe(library: GameLibrary) -> Result<Vec<String>, CallError> {
    let mut game = library.start(Box::new(NoServices))?;
    let mut drawing = RecordingPainter::new();
    let mut first_frame = || -> Result<_, CallError> {
        let canvas = game.canvas_size()?;
        game.title()?;
        game.status()?;
        game.actions()?;
        Ok((canvas, game.draw(&mut drawing)?))
    };
    let (canvas, report) = match first_frame() {
        Ok(report) => report,
        Err(e) => {
            // The first failure is the one worth telling; closing may fail too.
            let _ = game.close();
            return Err(e);
        }
    };
    let mut warnings: Vec<String> = game.notes().map(str::to_owned).collect();
    warnings.extend(report.describe());
    warnings.extend(crate::budget::first_frame_warning(&drawing.shapes, canvas));
    game.close()?;
    Ok(warnings)
}

/// Why [`probe_within`] gave up on a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProbeError {
    /// A call failed, as [`probe`] reports it.
    Call(CallError),
    /// The game had not finished starting, drawing its first frame and
    /// closing when the deadline passed.
    Timeout(Duration),
}

impl std::fmt::Display for ProbeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProbeError::Call(error) => error.fmt(f),
            ProbeError::Timeout(limit) => write!(
                f,
                "the game did not start, draw its first frame and close within {} s; \
                 it may hang, and playing it may freeze the launcher",
                limit.as_secs_f64()
            ),
        }
    }
}

impl std::error::Error for ProbeError {}

/// [`probe`] on a thread of its own, waiting at most `limit`, so that a game
/// that hangs cannot hang `--list`. A game that does hang is left running on
/// that thread until the process exits; the caller should exit soon after,
/// as `--list` does.
pub fn probe_within(library: GameLibrary, limit: Duration) -> Result<Vec<String>, ProbeError> {
    let (sender, receiver) = std::sync::mpsc::channel();
    let on_thread = library.clone();
    // Every call of this game instance, from start to close, happens on
    // this one thread, as the ABI promises games.
    let spawned = std::thread::Builder::new()
        .name("game probe".into())
        .spawn(move || {
            let _ = sender.send(probe(on_thread));
        });
    if spawned.is_err() {
        // No thread to spare: probe here, without a deadline.
        return probe(library).map_err(ProbeError::Call);
    }
    match receiver.recv_timeout(limit) {
        Ok(result) => result.map_err(ProbeError::Call),
        Err(_) => Err(ProbeError::Timeout(limit)),
    }
}

/// An error with its sources (`dlopen failed: …: invalid ELF header`):
/// libloading keeps the system loader's own words in the source.
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(e) = source {
        let more = e.to_string();
        if !text.contains(&more) {
            text = format!("{text}: {more}");
        }
        source = e.source();
    }
    text
}

/// The platform this launcher runs on, as `arch-os` (`x86_64-linux`).
pub fn this_platform() -> String {
    format!("{}-{}", std::env::consts::ARCH, std::env::consts::OS)
}

/// Says what a library file that would not load is, from its first bytes,
/// and what to do about it: not a library at all, a library of another
/// operating system, processor or word size, or (when the header looks
/// right) a question for the loader's own message.
pub fn diagnose(path: &Path) -> String {
    let platform = this_platform();
    let rebuild = format!(
        "get the game's library for {platform}, or build the game from source on this machine (`cargo build --release`)"
    );
    let header = match crate::files::read_head(path, 64) {
        Ok((header, _)) => header,
        Err(problem) => {
            return format!(
                "the file {problem}; put the game's library built for {platform} there"
            );
        }
    };
    let native_format = if cfg!(windows) {
        "PE"
    } else if cfg!(target_vendor = "apple") {
        "Mach-O"
    } else {
        "ELF"
    };
    let format = match header.as_slice() {
        [0x7f, b'E', b'L', b'F', ..] => "ELF",
        [b'M', b'Z', ..] => "PE",
        [0xfe, 0xed, 0xfa, 0xce | 0xcf, ..]
        | [0xce | 0xcf, 0xfa, 0xed, 0xfe, ..]
        | [0xca, 0xfe, 0xba, 0xbe, ..] => "Mach-O",
        [] => {
            return format!(
                "the file is empty, not a game library; install the game's library built for {platform}"
            );
        }
        _ => {
            return format!(
                "the file is not a dynamic library at all (it does not start like an ELF, PE or Mach-O file), so `game` in info.toml names the wrong file or the file is damaged; {rebuild}"
            );
        }
    };
    if format != native_format {
        let system = match format {
            "PE" => "Windows",
            "Mach-O" => "macOS",
            _ => "Linux or another Unix",
        };
        return format!(
            "it is a {format} library, built for {system}, but this launcher runs on {platform}; {rebuild}"
        );
    }
    if format == "ELF" && header.len() >= 20 {
        let class = header[4];
        let little = header[5] != 2;
        let machine = if little {
            u16::from_le_bytes([header[18], header[19]])
        } else {
            u16::from_be_bytes([header[18], header[19]])
        };
        let bits = 8 * std::mem::size_of::<usize>();
        let class_bits = match class {
            1 => 32,
            2 => 64,
            _ => 0,
        };
        if class_bits != 0 && class_bits != bits {
            return format!(
                "it is a {class_bits}-bit library, but this launcher is a {bits}-bit program on {platform}; {rebuild}"
            );
        }
        if let Some(native) = elf_machine(std::env::consts::ARCH)
            && machine != native
        {
            return format!(
                "it was built for the {} processor, but this launcher runs on {platform}; {rebuild}",
                elf_machine_name(machine)
            );
        }
    }
    format!("is it a game library built for this platform ({platform})?")
}

/// The ELF `e_machine` of a Rust `target_arch`.
fn elf_machine(arch: &str) -> Option<u16> {
    Some(match arch {
        "x86" => 0x03,
        "x86_64" => 0x3e,
        "arm" => 0x28,
        "aarch64" => 0xb7,
        "riscv32" | "riscv64" => 0xf3,
        "powerpc" => 0x14,
        "powerpc64" => 0x15,
        "s390x" => 0x16,
        "mips" | "mips64" => 0x08,
        "loongarch64" => 0x102,
        _ => return None,
    })
}

/// A person's name for an ELF `e_machine`.
fn elf_machine_name(machine: u16) -> String {
    match machine {
        0x03 => "x86 (32-bit)".into(),
        0x3e => "x86_64".into(),
        0x28 => "ARM (32-bit)".into(),
        0xb7 => "AArch64 (64-bit ARM)".into(),
        0xf3 => "RISC-V".into(),
        0x14 => "PowerPC".into(),
        0x15 => "PowerPC64".into(),
        0x16 => "IBM S/390".into(),
        0x08 => "MIPS".into(),
        0x102 => "LoongArch".into(),
        other => format!("unknown (ELF machine {other:#x})"),
    }
}
