//! A manual's files: reading its Markdown and its pictures (capped, through
//! `launcher_core::files`), finding the launcher's own manual, and writing
//! the page the browser shows.

use std::path::{Path, PathBuf};

use launcher_core::files::{self, FileProblem};

use super::{Manual, manual_url, open_in_browser, write_html};
use crate::HelpOwner;

pub use launcher_core::limits::{MAX_MANUAL_BYTES, MAX_PICTURE_BYTES};

/// The directory where manual pages for the browser are written by default:
/// `<app_dir_name>/manuals` in the user's cache directory
/// (`~/.cache/<app_dir_name>/manuals` on Linux), or in the temporary
/// directory if there is no cache directory.
pub fn default_cache_dir(app_dir_name: &str) -> PathBuf {
    dirs::cache_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join(app_dir_name)
        .join("manuals")
}

/// Where the launcher's own manual (`docs/manual.md`) is looked for; see
/// [`launcher_manual_candidates_for`] for the order.
pub fn launcher_manual_candidates() -> Vec<PathBuf> {
    let exe_dir = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf));
    launcher_manual_candidates_for(exe_dir.as_deref(), dirs::data_dir().as_deref())
}

/// Where the launcher's manual is looked for, for an executable in
/// `exe_dir` and a user data directory `data_dir`, in order: `docs/manual.md`
/// in the working directory and beside the executable; the installed manual
/// in the executable's prefix (`<prefix>/share/doc/game-launcher/manual.md`
/// for `<prefix>/bin/plt-games`, as in a bundle); `docs/manual.md` two levels
/// above the executable (`target/release/` in a workspace); the installed
/// manual in the user's data directory (an installation for one user whose
/// `$XDG_DATA_HOME` is not `~/.local/share`); and the source tree it was
/// built from.
pub fn launcher_manual_candidates_for(
    exe_dir: Option<&Path>,
    data_dir: Option<&Path>,
) -> Vec<PathBuf> {
    let rel = Path::new("docs").join("manual.md");
    let mut out = vec![rel.clone()];
    if let Some(exe_dir) = exe_dir {
        out.push(exe_dir.join(&rel));
        if let Some(prefix) = exe_dir.parent() {
            out.push(installed_launcher_manual(&prefix.join("share")));
        }
        if let Some(up) = exe_dir.parent().and_then(Path::parent) {
            out.push(up.join(&rel));
        }
    }
    if let Some(data_dir) = data_dir {
        out.push(installed_launcher_manual(data_dir));
    }
    // This crate is `launcher/help` in the source tree.
    out.push(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join("..")
            .join(&rel),
    );
    out
}

/// Where an installation keeps the launcher's manual, for its data
/// directory `share` (`/usr/local/share`, a bundle's `share`):
/// `<share>/doc/game-launcher/manual.md`, with the pictures it shows
/// beside it.
pub fn installed_launcher_manual(share: &Path) -> PathBuf {
    share
        .join("doc")
        .join(launcher_core::catalog::APP_DIR_NAME)
        .join("manual.md")
}

/// Finds the launcher's own manual: `configured` if given, else the first of
/// [`launcher_manual_candidates`] that is a file. The error says where it
/// was looked for.
pub fn find_launcher_manual(configured: Option<&Path>) -> Result<PathBuf, String> {
    if let Some(path) = configured {
        return if files::check(path).is_ok() {
            Ok(path.to_path_buf())
        } else {
            Err(format!(
                "The launcher's manual is not installed: there is no file {}.",
                path.display()
            ))
        };
    }
    let candidates = launcher_manual_candidates();
    candidates
        .iter()
        .find(|p| files::check(p).is_ok())
        .cloned()
        .ok_or_else(|| {
            let places: Vec<String> = candidates.iter().map(|p| p.display().to_string()).collect();
            format!(
                "The launcher's manual is not installed: it was looked for in {}.",
                places.join(", ")
            )
        })
}

/// Reads a manual's Markdown, refusing files that are missing, not regular
/// files, larger than [`MAX_MANUAL_BYTES`], not UTF-8 text, or leading out
/// of `folder` (the game's folder; the launcher's manual's own directory)
/// through a link, which the open itself refuses
/// (`launcher_core::files::read_capped_within`).
pub fn load_manual_text(folder: &Path, path: &Path) -> Result<String, String> {
    let shown = path.display();
    let bytes = files::read_capped_within(folder, path, MAX_MANUAL_BYTES).map_err(|problem| match problem {
        FileProblem::Missing => format!(
            "manual {shown} not found; check the `manual` entry of the game's info.toml or add the file"
        ),
        FileProblem::Unreadable(e) => {
            format!("manual {shown} could not be read ({e}); check its permissions")
        }
        FileProblem::TooLarge { size, .. } => format!(
            "manual {shown} is {size} bytes, more than the {MAX_MANUAL_BYTES} bytes allowed; split it or move pictures out of it"
        ),
        other => format!("manual {shown} {other}; point the `manual` entry at a Markdown file"),
    })?;
    if let Some(offset) = bytes.iter().position(|&b| b == 0) {
        return Err(format!(
            "manual {shown} looks binary (NUL byte at offset {offset}); a manual must be UTF-8 Markdown"
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "manual {shown} is not valid UTF-8 (bad byte at offset {}); save it as UTF-8",
            e.utf8_error().valid_up_to()
        )
    })
}

/// Reads and parses a manual of `folder` (see [`load_manual_text`]); its
/// name in messages is its path.
pub fn load_manual(folder: &Path, path: &Path) -> Result<Manual, String> {
    let source = load_manual_text(folder, path)?;
    Ok(Manual::parse(&path.display().to_string(), &source))
}

/// Reads the bytes of the picture `relative` (a path from
/// [`Manual::image_paths`]) beside the manual in `manual_dir`, at most
/// [`MAX_PICTURE_BYTES`]. A path the manual does not list is refused without
/// touching the disk, so a page can never reach outside the manual's
/// directory; a file that leads out of `folder` (the game's folder, which
/// holds `manual_dir`) through a link is refused as it is opened.
pub fn read_picture(
    manual: &Manual,
    folder: &Path,
    manual_dir: &Path,
    relative: &str,
) -> Result<Vec<u8>, String> {
    read_picture_file(folder, &picture_path(manual, manual_dir, relative)?)
}

/// Where the picture `relative` of `manual` is, if the manual lists it
/// (the first half of [`read_picture`], which touches no disk).
pub fn picture_path(manual: &Manual, manual_dir: &Path, relative: &str) -> Result<PathBuf, String> {
    if !manual.image_paths().iter().any(|p| p == relative) {
        return Err(format!(
            "{relative} is not a picture beside the manual; it is not shown"
        ));
    }
    Ok(manual_dir.join(relative))
}

/// Reads the picture file at `path`, inside `folder` (the second half of
/// [`read_picture`], which may run on a thread of its own).
pub fn read_picture_file(folder: &Path, path: &Path) -> Result<Vec<u8>, String> {
    files::read_capped_within(folder, path, MAX_PICTURE_BYTES).map_err(|problem| match problem {
        FileProblem::TooLarge { .. } => format!(
            "{} is larger than {} MiB",
            path.display(),
            MAX_PICTURE_BYTES >> 20
        ),
        other => format!("{} {other}", path.display()),
    })
}

/// A directory name for a help owner inside the cache directory: the game's
/// directory name made safe, or `.launcher` for the launcher's own manual
/// (no game directory starts with a dot).
pub fn cache_subdir(owner: &HelpOwner) -> String {
    let HelpOwner::Game(key) = owner else {
        return ".launcher".to_string();
    };
    let safe: String = key
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    match safe.trim_matches('.') {
        "" => "_".to_string(),
        _ => safe,
    }
}

/// Writes the manual at `path`, a file of `folder` (see
/// [`load_manual_text`]), as an HTML page into `cache_dir` (a directory
/// per owner, see [`cache_subdir`]) and returns its `file://…#tag` URL (no
/// fragment when `tag` is empty). Refuses an unknown tag with a message that
/// names the manual and the tag. Pictures that could not be copied are
/// reported on standard error; the page is written all the same.
pub fn write_manual_page(
    owner: &HelpOwner,
    folder: &Path,
    path: &Path,
    tag: &str,
    cache_dir: &Path,
) -> Result<String, String> {
    let manual = load_manual(folder, path)?;
    if !tag.is_empty() {
        manual.section(tag).map_err(|e| e.to_string())?;
    }
    let manual_dir = path.parent().unwrap_or(Path::new("."));
    let written = write_html(
        &manual,
        &cache_dir.join(cache_subdir(owner)),
        folder,
        manual_dir,
    )
    .map_err(|e| e.to_string())?;
    for warning in &written.warnings {
        launcher_core::terminal::say(&format!("plt-games: {warning}"));
    }
    Ok(manual_url(&written.path, tag))
}

/// Writes the manual's page (see [`write_manual_page`]) and opens it in the
/// browser at `tag`, honouring `$BROWSER`. Returns the URL opened.
pub fn show_in_browser(
    owner: &HelpOwner,
    folder: &Path,
    path: &Path,
    tag: &str,
    cache_dir: &Path,
) -> Result<String, String> {
    let url = write_manual_page(owner, folder, path, tag, cache_dir)?;
    open_in_browser(&url).map_err(|e| e.to_string())?;
    Ok(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_subdirectories_are_safe_names() {
        let game = |name: &str| cache_subdir(&HelpOwner::Game(name.into()));
        assert_eq!(game("chat-noir"), "chat-noir");
        assert_eq!(cache_subdir(&HelpOwner::Launcher), ".launcher");
        assert_eq!(game("a/b"), "a_b");
        assert_eq!(game(".."), "_");
        assert_eq!(game(""), "_");
    }

    #[test]
    fn a_configured_launcher_manual_that_is_missing_is_named() {
        let e = find_launcher_manual(Some(Path::new("/no/such/manual.md"))).unwrap_err();
        assert!(e.contains("/no/such/manual.md"), "{e}");
    }

    #[test]
    fn the_launcher_manual_is_found_in_the_source_tree() {
        let found = find_launcher_manual(None).unwrap();
        assert!(found.ends_with("docs/manual.md"), "{}", found.display());
    }

    #[test]
    fn an_installed_launcher_finds_its_manual_in_its_prefix_then_the_user_data_directory() {
        let prefix = Path::new("/opt/games");
        let data = Path::new("/home/me/data");
        let candidates = launcher_manual_candidates_for(Some(&prefix.join("bin")), Some(data));
        let at = |path: &str| {
            candidates
                .iter()
                .position(|c| c == Path::new(path))
                .unwrap_or_else(|| panic!("{path} is not among {candidates:?}"))
        };
        assert_eq!(candidates[0], Path::new("docs/manual.md"));
        let beside = at("/opt/games/bin/docs/manual.md");
        let installed = at("/opt/games/share/doc/game-launcher/manual.md");
        let user = at("/home/me/data/doc/game-launcher/manual.md");
        assert!(beside < installed && installed < user, "{candidates:?}");
        assert!(
            candidates.last().unwrap().ends_with("docs/manual.md"),
            "the source tree comes last: {candidates:?}"
        );
    }

    #[test]
    fn manuals_that_are_not_text_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("m.md");
        std::fs::write(&bin, b"# T\0").unwrap();
        assert!(
            load_manual_text(dir.path(), &bin)
                .unwrap_err()
                .contains("binary")
        );
        std::fs::write(&bin, b"# T\xff").unwrap();
        assert!(
            load_manual_text(dir.path(), &bin)
                .unwrap_err()
                .contains("UTF-8")
        );
        let missing = dir.path().join("none.md");
        assert!(
            load_manual_text(dir.path(), &missing)
                .unwrap_err()
                .contains("not found")
        );
        assert!(
            load_manual_text(dir.path(), dir.path())
                .unwrap_err()
                .contains("not a regular file")
        );
    }

    #[test]
    fn only_listed_pictures_are_read_and_within_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.png"), b"png").unwrap();
        std::fs::write(dir.path().join("b.png"), b"png").unwrap();
        let manual = Manual::parse("m.md", "![a](a.png)\n");
        assert_eq!(
            read_picture(&manual, dir.path(), dir.path(), "a.png").unwrap(),
            b"png"
        );
        let e = read_picture(&manual, dir.path(), dir.path(), "b.png").unwrap_err();
        assert!(e.contains("not a picture beside the manual"), "{e}");
        let e = read_picture(
            &Manual::parse("m", "![x](x.png)"),
            dir.path(),
            dir.path(),
            "x.png",
        )
        .unwrap_err();
        assert!(e.contains("does not exist"), "{e}");
    }
}
