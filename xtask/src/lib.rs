//! The workspace's tasks, run as `cargo xtask <task>` (an alias in
//! `.cargo/config.toml`):
//!
//! - [`bundle`]: `dist` builds the launcher and the games of `games/` and
//!   lays them out as a relocatable bundle, a prefix in miniature (`bin/`,
//!   `lib/game-launcher/games/`, `share/`) that runs from wherever it is
//!   unpacked, because the launcher looks for its games and its manual
//!   relative to its own executable;
//! - [`install`]: `install` copies a bundle into a prefix (`/usr/local`, or
//!   `~/.local` for one user, with `share/` in `$XDG_DATA_HOME`) and writes
//!   the list of what it installed; `uninstall` removes exactly that;
//! - [`icon`]: the launcher's icon at the sizes a desktop asks for.
//!
//! Everything is a library function, so the launcher's tests lay out and
//! install a bundle without running cargo inside cargo.

#![warn(missing_docs)]

pub mod bundle;
pub mod icon;
pub mod install;

use std::path::{Path, PathBuf};

/// The workspace's root directory (this crate is `xtask/` in it).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ is inside the workspace")
        .to_path_buf()
}

/// The total size in bytes of the regular files under `path` (or of `path`
/// itself if it is a file); symbolic links count as nothing.
pub fn disk_size(path: &Path) -> std::io::Result<u64> {
    let meta = std::fs::symlink_metadata(path)?;
    if meta.is_dir() {
        let mut total = 0;
        for entry in std::fs::read_dir(path)? {
            total += disk_size(&entry?.path())?;
        }
        Ok(total)
    } else if meta.is_file() {
        Ok(meta.len())
    } else {
        Ok(0)
    }
}

/// Every regular file and symbolic link under `root`, as paths relative to
/// it, sorted (directories are implied by them).
pub fn files_under(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    fn walk(root: &Path, relative: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
        for entry in std::fs::read_dir(root.join(relative))? {
            let entry = entry?;
            let path = relative.join(entry.file_name());
            if entry.file_type()?.is_dir() {
                walk(root, &path, out)?;
            } else {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(root, Path::new(""), &mut out)?;
    out.sort();
    Ok(out)
}

/// A size for people: `24.1 MB` (decimal units, as `ls -lh --si` and file
/// managers show them).
pub fn human_size(bytes: u64) -> String {
    // Display only: the precision lost converting to f64 does not show.
    let value = bytes as f64;
    if bytes < 1_000 {
        format!("{bytes} B")
    } else if bytes < 1_000_000 {
        format!("{:.1} kB", value / 1e3)
    } else {
        format!("{:.1} MB", value / 1e6)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_like_a_file_manager() {
        assert_eq!(human_size(999), "999 B");
        assert_eq!(human_size(24_110_320), "24.1 MB");
        assert_eq!(human_size(533_280), "533.3 kB");
    }

    #[test]
    fn files_and_sizes_are_counted_under_a_directory() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("a/b")).unwrap();
        std::fs::write(dir.path().join("a/b/x"), b"12345").unwrap();
        std::fs::write(dir.path().join("y"), b"1").unwrap();
        assert_eq!(disk_size(dir.path()).unwrap(), 6);
        assert_eq!(
            files_under(dir.path()).unwrap(),
            [PathBuf::from("a/b/x"), PathBuf::from("y")]
        );
    }
}
