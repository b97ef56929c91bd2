//! The launcher's own file dialog, the portal through which a game gets a
//! file of the player's (ABI revision 5, `Host::choose_file`).
//!
//! A game runs in a sandbox that cannot read the player's files. When it
//! asks, in answer to a click or a key of the player, the window shows this
//! dialog: folders to walk, the files of the kind asked for (by their
//! extension), a path field, Open and Cancel. The chosen file is read by
//! the console ([`read_chosen`]: a regular file only, never a pipe or a
//! device, at most [`MAX_CHOSEN_FILE_BYTES`]) and only its name and bytes
//! go to the game. A file that cannot be given is said in the dialog, which
//! stays open for another choice.
//!
//! The same dialog saves and opens the launcher's own saved-game files
//! (Game ▸ Save game as… and Open saved game…, [`Purpose`]): it then lists
//! `.pltgame` files and answers with the path chosen, which the window
//! writes or reads itself (see `file_request.rs`); nothing goes to the
//! game but the position, through its own `load`.

use game_api::host::MAX_CHOSEN_FILE_BYTES;
use game_api::{ChosenFile, FileKind};
use std::path::{Path, PathBuf};

/// The most entries of one folder the dialog lists (a folder of a million
/// files must not freeze the window).
const MAX_ENTRIES: usize = 2000;

/// What the dialog is open for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Purpose {
    /// A file of this kind, which the game asked for.
    ForGame(FileKind),
    /// A saved game to open (Game ▸ Open saved game…).
    OpenSavedGame,
    /// Where to save the game (Game ▸ Save game as…).
    SaveGameAs,
}

/// What the player did in the dialog this frame.
#[derive(Debug)]
pub(super) enum DialogAnswer {
    /// Chose this file, read.
    Chosen(ChosenFile),
    /// Chose this saved-game file: to open, or to save to (ending in
    /// `.pltgame`; the player confirmed replacing it if it exists).
    SavedGame(PathBuf),
    /// Closed the dialog without a file.
    Cancelled,
}

/// One entry of the folder shown.
#[derive(Clone, Debug)]
struct Entry {
    name: String,
    is_dir: bool,
}

/// The dialog, while it is open.
#[derive(Debug)]
pub(super) struct FileDialog {
    purpose: Purpose,
    /// The folder shown.
    dir: PathBuf,
    /// Its folders, then its files of the kind, each sorted by name.
    entries: Vec<Entry>,
    /// Whether the folder has more entries than are listed.
    truncated: bool,
    /// The path field: the file to open, or a folder to go to.
    path: String,
    /// Why the last choice could not be opened, or the folder read.
    error: Option<String>,
    /// The existing file the player was told Save would replace: Save on
    /// the same path again replaces it.
    replace: Option<PathBuf>,
}

impl FileDialog {
    /// A dialog for a file of `kind`, showing `dir`.
    pub(super) fn new(kind: FileKind, dir: PathBuf) -> FileDialog {
        FileDialog::for_purpose(Purpose::ForGame(kind), dir)
    }

    /// A dialog for `purpose`, showing `dir`.
    pub(super) fn for_purpose(purpose: Purpose, dir: PathBuf) -> FileDialog {
        let mut dialog = FileDialog {
            purpose,
            dir: PathBuf::new(),
            entries: Vec::new(),
            truncated: false,
            path: String::new(),
            error: None,
            replace: None,
        };
        dialog.go_to(dir);
        dialog
    }

    /// A Save game as… dialog showing `dir`, its file field holding
    /// `file_name` there.
    pub(super) fn save_as(dir: PathBuf, file_name: &str) -> FileDialog {
        let mut dialog = FileDialog::for_purpose(Purpose::SaveGameAs, dir);
        dialog.path = dialog.dir.join(file_name).to_string_lossy().into_owned();
        dialog
    }

    /// What the dialog is open for.
    pub(super) fn purpose(&self) -> Purpose {
        self.purpose
    }

    /// Whether a file called `name` is listed.
    fn lists(&self, name: &str) -> bool {
        match self.purpose {
            Purpose::ForGame(kind) => kind.matches(name),
            Purpose::OpenSavedGame | Purpose::SaveGameAs => Path::new(name)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case(launcher_core::game_file::EXTENSION)),
        }
    }

    /// Where the dialog opens: the player's home folder, else the current
    /// one.
    pub(super) fn start_dir() -> PathBuf {
        std::env::var_os("HOME")
            .map(PathBuf::from)
            .filter(|d| d.is_dir())
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_else(|| PathBuf::from("/"))
    }

    /// The kind of file the game asked for (none: a saved game's dialog).
    pub(super) fn kind(&self) -> Option<FileKind> {
        match self.purpose {
            Purpose::ForGame(kind) => Some(kind),
            Purpose::OpenSavedGame | Purpose::SaveGameAs => None,
        }
    }

    /// Shows `dir` (its folders and its files of the kind).
    fn go_to(&mut self, dir: PathBuf) {
        self.error = None;
        self.entries.clear();
        self.truncated = false;
        match std::fs::read_dir(&dir) {
            Ok(read) => {
                for entry in read.flatten() {
                    if self.entries.len() == MAX_ENTRIES {
                        self.truncated = true;
                        break;
                    }
                    let name = entry.file_name().to_string_lossy().into_owned();
                    if name.starts_with('.') {
                        continue;
                    }
                    // `metadata` follows links: a link to a folder is a folder.
                    let is_dir = entry.path().is_dir();
                    if is_dir || self.lists(&name) {
                        self.entries.push(Entry { name, is_dir });
                    }
                }
                self.entries
                    .sort_by(|a, b| b.is_dir.cmp(&a.is_dir).then(a.name.cmp(&b.name)));
            }
            Err(e) => self.error = Some(format!("Cannot read the folder {}: {e}", dir.display())),
        }
        self.path = dir.to_string_lossy().into_owned();
        if !self.path.ends_with(std::path::MAIN_SEPARATOR) {
            self.path.push(std::path::MAIN_SEPARATOR);
        }
        self.dir = dir;
    }

    /// Opens what the path field names: a folder is shown, a file read.
    fn open_path(&mut self) -> Option<DialogAnswer> {
        let typed = PathBuf::from(self.path.trim());
        let path = if typed.is_absolute() {
            typed
        } else {
            self.dir.join(typed)
        };
        if path.is_dir() {
            self.go_to(path);
            return None;
        }
        let kind = match self.purpose {
            Purpose::ForGame(kind) => kind,
            Purpose::OpenSavedGame => return Some(DialogAnswer::SavedGame(path)),
            Purpose::SaveGameAs => {
                let path = launcher_core::game_file::with_extension(&path);
                if path.exists() && self.replace.as_ref() != Some(&path) {
                    self.error = Some(format!(
                        "{} exists already: press Save again to replace it, or type another name.",
                        path.display()
                    ));
                    self.path = path.to_string_lossy().into_owned();
                    self.replace = Some(path);
                    return None;
                }
                return Some(DialogAnswer::SavedGame(path));
            }
        };
        match read_chosen(kind, &path) {
            Ok(file) => Some(DialogAnswer::Chosen(file)),
            Err(why) => {
                self.error = Some(why);
                None
            }
        }
    }

    /// Shows the dialog; returns what the player did, if they closed it.
    pub(super) fn ui(&mut self, ctx: &egui::Context, game: &str) -> Option<DialogAnswer> {
        let mut answer = None;
        let mut open = true;
        let title = match self.purpose {
            Purpose::ForGame(FileKind::Picture) => "Choose a picture",
            Purpose::ForGame(_) => "Choose a file",
            Purpose::OpenSavedGame => "Open a saved game",
            Purpose::SaveGameAs => "Save game as",
        };
        egui::Window::new(title)
            .id(egui::Id::unique(("file dialog", game)))
            .collapsible(false)
            .resizable(true)
            .default_size([460.0, 360.0])
            .open(&mut open)
            .show(ctx, |ui| {
                ui.label(match self.purpose {
                    Purpose::ForGame(kind) => format!(
                        "{game} asks for a file. It gets only the file you open here: {}.",
                        kind.describe()
                    ),
                    Purpose::OpenSavedGame => format!(
                        "Open a game of {game} saved with Save game as… (a .{} file). The game you are playing now is replaced; Undo does not bring it back.",
                        launcher_core::game_file::EXTENSION
                    ),
                    Purpose::SaveGameAs => format!(
                        "Save this game of {game}, with its undo history, to a .{} file: open it again later with Open saved game…, or share it.",
                        launcher_core::game_file::EXTENSION
                    ),
                });
                ui.horizontal(|ui| {
                    let up = self.dir.parent().map(Path::to_path_buf);
                    if ui
                        .add_enabled(up.is_some(), egui::Button::new("Up"))
                        .clicked()
                        && let Some(up) = up
                    {
                        self.go_to(up);
                    }
                    ui.label(self.dir.to_string_lossy());
                });
                let mut go = None;
                let mut open_now = false;
                egui::ScrollArea::vertical()
                    .max_height(220.0)
                    .auto_shrink([false, true])
                    .show(ui, |ui| {
                        for entry in &self.entries {
                            let text = if entry.is_dir {
                                format!("{}/", entry.name)
                            } else {
                                entry.name.clone()
                            };
                            let selected = !entry.is_dir
                                && Path::new(self.path.trim()).file_name()
                                    == Some(std::ffi::OsStr::new(&entry.name));
                            let response = ui.selectable_label(selected, text);
                            if response.clicked() {
                                go = Some(entry.clone());
                            }
                            if response.double_clicked() && !entry.is_dir {
                                open_now = true;
                            }
                        }
                        if self.truncated {
                            ui.label(format!("(only the first {MAX_ENTRIES} are listed)"));
                        }
                        if self.entries.is_empty() {
                            ui.weak(if self.kind().is_some() {
                                "No folders and no files of this kind here."
                            } else {
                                "No folders and no saved games here."
                            });
                        }
                    });
                if let Some(entry) = go {
                    let path = self.dir.join(&entry.name);
                    if entry.is_dir {
                        self.go_to(path);
                    } else {
                        self.path = path.to_string_lossy().into_owned();
                        self.error = None;
                    }
                }
                let field = ui
                    .horizontal(|ui| {
                        let label = ui.label("File:");
                        ui.add(egui::TextEdit::singleline(&mut self.path).desired_width(360.0))
                            .labelled_by(label.id)
                    })
                    .inner;
                if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    open_now = true;
                }
                if let Some(error) = &self.error {
                    ui.colored_label(ui.visuals().error_fg_color, error);
                }
                ui.horizontal(|ui| {
                    let confirm = if self.purpose == Purpose::SaveGameAs {
                        "Save"
                    } else {
                        "Open"
                    };
                    if ui.button(confirm).clicked() {
                        open_now = true;
                    }
                    if ui.button("Cancel").clicked() {
                        answer = Some(DialogAnswer::Cancelled);
                    }
                });
                if open_now && answer.is_none() {
                    answer = self.open_path();
                }
            });
        if !open {
            answer = Some(DialogAnswer::Cancelled);
        }
        answer
    }
}

/// Reads the file at `path` for a game that asked for a file of `kind`:
/// a regular file (a link to one is followed; a pipe, a device or a folder
/// is refused, never opened), of the kind by its name and its first bytes,
/// at most [`MAX_CHOSEN_FILE_BYTES`]. The error is a sentence for the
/// player.
pub fn read_chosen(kind: FileKind, path: &Path) -> Result<ChosenFile, String> {
    use launcher_core::files::{FileProblem, read_capped};
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| format!("{} is not a file", path.display()))?;
    if !kind.matches(&name) {
        return Err(format!("{name} is not one of: {}.", kind.describe()));
    }
    let bytes = read_capped(path, MAX_CHOSEN_FILE_BYTES as u64).map_err(|e| match e {
        FileProblem::TooLarge { size, .. } => format!(
            "{name} is {}; a game may be given at most {} MiB.",
            size_in_words(size),
            MAX_CHOSEN_FILE_BYTES / (1024 * 1024)
        ),
        other => format!("{name} cannot be opened: {other}."),
    })?;
    let looks_right = match kind {
        FileKind::Picture => {
            bytes.starts_with(b"\x89PNG\r\n\x1a\n") || bytes.starts_with(&[0xFF, 0xD8, 0xFF])
        }
        _ => true,
    };
    if !looks_right {
        return Err(format!(
            "{name} is not one of: {} (its contents say otherwise).",
            kind.describe()
        ));
    }
    Ok(ChosenFile { kind, name, bytes })
}

/// "40.0 MiB", "512 KiB", "12 bytes".
fn size_in_words(bytes: u64) -> String {
    const MIB: u64 = 1024 * 1024;
    if bytes >= MIB {
        format!("{:.1} MiB", bytes as f64 / MIB as f64)
    } else if bytes >= 1024 {
        format!("{} KiB", bytes / 1024)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "launcher-file-dialog-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_picture_is_read_with_its_name_and_bytes_only() {
        let dir = temp_dir("read");
        let png = b"\x89PNG\r\n\x1a\nrest".to_vec();
        std::fs::write(dir.join("holiday.png"), &png).unwrap();
        let file = read_chosen(FileKind::Picture, &dir.join("holiday.png")).unwrap();
        assert_eq!(file.name, "holiday.png");
        assert_eq!(file.bytes, png);
        std::fs::write(dir.join("notes.txt"), "hello").unwrap();
        let err = read_chosen(FileKind::Picture, &dir.join("notes.txt")).unwrap_err();
        assert!(err.contains("is not one of: Pictures (PNG, JPEG)"), "{err}");
        std::fs::write(dir.join("fake.png"), "hello").unwrap();
        let err = read_chosen(FileKind::Picture, &dir.join("fake.png")).unwrap_err();
        assert!(err.contains("its contents say otherwise"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_over_the_cap_is_refused_in_words() {
        let dir = temp_dir("big");
        let path = dir.join("huge.png");
        let file = std::fs::File::create(&path).unwrap();
        file.set_len(MAX_CHOSEN_FILE_BYTES as u64 + 1).unwrap();
        let err = read_chosen(FileKind::Picture, &path).unwrap_err();
        assert_eq!(
            err,
            "huge.png is 32.0 MiB; a game may be given at most 32 MiB."
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_never_opened() {
        let dir = temp_dir("fifo");
        let path = dir.join("pipe.png");
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo makes a named pipe");
        let err = read_chosen(FileKind::Picture, &path).unwrap_err();
        assert!(err.contains("named pipe"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn save_as_adds_the_extension_and_asks_before_replacing_a_file() {
        let dir = temp_dir("save-as");
        std::fs::write(dir.join("old.pltgame"), b"x").unwrap();
        std::fs::write(dir.join("notes.txt"), b"x").unwrap();
        let mut dialog = FileDialog::save_as(dir.clone(), "chat-noir.pltgame");
        let names: Vec<&str> = dialog.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["old.pltgame"], "only saved games are listed");
        assert_eq!(dialog.path, dir.join("chat-noir.pltgame").to_string_lossy());
        dialog.path = dir.join("new").to_string_lossy().into_owned();
        let Some(DialogAnswer::SavedGame(path)) = dialog.open_path() else {
            panic!("a new file is saved to at once");
        };
        assert_eq!(path, dir.join("new.pltgame"));
        dialog.path = dir.join("old").to_string_lossy().into_owned();
        assert!(
            dialog.open_path().is_none(),
            "an existing file is not replaced"
        );
        assert!(
            dialog
                .error
                .as_deref()
                .unwrap()
                .contains("press Save again")
        );
        let Some(DialogAnswer::SavedGame(path)) = dialog.open_path() else {
            panic!("Save again replaces it");
        };
        assert_eq!(path, dir.join("old.pltgame"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_dialog_lists_folders_then_files_of_the_kind() {
        let dir = temp_dir("list");
        std::fs::create_dir(dir.join("trips")).unwrap();
        std::fs::write(dir.join("b.JPG"), [0xFF, 0xD8, 0xFF]).unwrap();
        std::fs::write(dir.join("a.png"), b"x").unwrap();
        std::fs::write(dir.join("c.txt"), b"x").unwrap();
        let dialog = FileDialog::new(FileKind::Picture, dir.clone());
        let names: Vec<&str> = dialog.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["trips", "a.png", "b.JPG"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
