//! `cargo xtask dist`: the launcher and the games of `games/`, built and laid
//! out as a relocatable bundle.
//!
//! ```text
//! game-launcher/
//!   bin/plt-games                                   stripped
//!   lib/game-launcher/games/<game>/                one per games/<game>: what its
//!     info.toml, icon, help, manual, pictures      info.toml names, and its library
//!     lib<game>.so
//!   share/applications/game-launcher.desktop      opens .pltgame files too
//!   share/mime/packages/game-launcher.xml          their MIME type
//!   share/icons/hicolor/<n>x<n>/apps/game-launcher.png
//!   share/doc/game-launcher/manual.md              the launcher's manual
//! ```
//!
//! The bundle is a prefix's layout: the launcher finds its games in
//! `<prefix>/lib/game-launcher/games` and its manual in
//! `<prefix>/share/doc/game-launcher` from its own executable's place, so
//! the bundle runs from wherever it is unpacked and installs by copying.

use launcher_core::catalog;
use launcher_core::manifest::{self, Manifest};
use launcher_help::manual;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The launcher's application id (`launcher::APP_ID`): the name of its
/// desktop entry and icon, and its windows' `WM_CLASS`, so a desktop ties
/// the windows to the entry.
pub const APP_ID: &str = "game-launcher";

/// The launcher executable's file name.
pub const LAUNCHER_FILE: &str = if cfg!(windows) {
    "plt-games.exe"
} else {
    "plt-games"
};

/// The launcher in a bundle or prefix `root`: `bin/plt-games`.
pub fn launcher_path(root: &Path) -> PathBuf {
    root.join("bin").join(LAUNCHER_FILE)
}

/// The games directory of a bundle or prefix `root`:
/// `lib/game-launcher/games`.
pub fn games_dir(root: &Path) -> PathBuf {
    catalog::installed_games_dir(root)
}

/// The launcher's manual in a bundle or prefix `root`:
/// `share/doc/game-launcher/manual.md`.
pub fn manual_path(root: &Path) -> PathBuf {
    manual::installed_launcher_manual(&root.join("share"))
}

/// The desktop entry in a bundle or prefix `root`:
/// `share/applications/game-launcher.desktop`.
pub fn desktop_entry_path(root: &Path) -> PathBuf {
    root.join("share")
        .join("applications")
        .join(format!("{APP_ID}.desktop"))
}

/// The MIME type of the launcher's saved-game files (`*.pltgame`, see
/// [`launcher_core::game_file`]), which its desktop entry opens.
pub const MIME_TYPE: &str = "application/x-plt-game";

/// The shared MIME-info package declaring [`MIME_TYPE`] in a bundle or
/// prefix `root`: `share/mime/packages/game-launcher.xml`. Installed,
/// `update-mime-database` reads it into the desktop's MIME database.
pub fn mime_package_path(root: &Path) -> PathBuf {
    root.join("share")
        .join("mime")
        .join("packages")
        .join(format!("{APP_ID}.xml"))
}

/// The shared MIME-info package: [`MIME_TYPE`] is a file ending in
/// `.pltgame`, or one beginning with the saved-game header, shown with the
/// launcher's icon.
pub fn mime_package() -> String {
    use launcher_core::game_file::{EXTENSION, MAGIC};
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="{MIME_TYPE}">
    <comment>PLT Games saved game</comment>
    <icon name="{APP_ID}"/>
    <glob pattern="*.{EXTENSION}"/>
    <magic priority="50">
      <match type="string" offset="0" value="{MAGIC} "/>
    </magic>
  </mime-type>
</mime-info>
"#
    )
}

/// The icon of `size` pixels in a bundle or prefix `root`:
/// `share/icons/hicolor/<size>x<size>/apps/game-launcher.png`.
pub fn icon_path(root: &Path, size: u32) -> PathBuf {
    root.join("share")
        .join("icons")
        .join("hicolor")
        .join(format!("{size}x{size}"))
        .join("apps")
        .join(format!("{APP_ID}.png"))
}

/// The desktop entry, starting the launcher as `exec` (a value for its
/// `Exec` key: `plt-games` in a bundle, found on `PATH`; an absolute path
/// once installed). It opens saved games ([`MIME_TYPE`]) too: `%f` is the
/// file a file manager opens with it, or nothing from the menu, and the
/// launcher opens a file given alone as `--open FILE` (`Exec=plt-games
/// --open %f` would start `plt-games --open`, an error, from the menu).
pub fn desktop_entry(exec: &str, try_exec: &str) -> String {
    format!(
        "[Desktop Entry]\n\
         Type=Application\n\
         Version=1.4\n\
         Name=PLT Games\n\
         GenericName=Game Launcher\n\
         Comment=Play Chat Noir, Lights Out and every game added to a games directory\n\
         Exec={exec} %f\n\
         TryExec={try_exec}\n\
         Icon={APP_ID}\n\
         Terminal=false\n\
         Categories=Game;\n\
         Keywords=games;puzzle;Chat Noir;Lights Out;\n\
         MimeType={MIME_TYPE};\n\
         StartupWMClass={APP_ID}\n"
    )
}

/// A game of the workspace's `games/` directory.
#[derive(Clone, Debug)]
pub struct BundledGame {
    /// Its directory's name, the game's identity (`chat-noir`).
    pub dir_name: String,
    /// Its directory in the workspace.
    pub dir: PathBuf,
    /// Its cargo package (`chat-noir`), built for its library.
    pub package: String,
    /// Its `info.toml`, read as the launcher reads it.
    pub manifest: Manifest,
}

impl BundledGame {
    /// The files of the game directory that go into the bundle, relative to
    /// it: `info.toml` and exactly what it names (icon, help, manual), and
    /// the pictures the manual shows. The library comes from the build.
    ///
    /// # Errors
    ///
    /// A named file that is missing, or a manual that cannot be read: the
    /// bundle would ship a game whose help is broken.
    pub fn data_files(&self) -> Result<Vec<PathBuf>, String> {
        let mut files = vec![PathBuf::from("info.toml"), self.manifest.icon.clone()];
        files.extend(self.manifest.help.iter().cloned());
        if let Some(path) = &self.manifest.manual {
            files.push(path.clone());
            let text = manual::load_manual_text(&self.dir, &self.dir.join(path))?;
            let parsed = manual::Manual::parse(&path.display().to_string(), &text);
            let manual_dir = path.parent().unwrap_or(Path::new(""));
            files.extend(
                parsed
                    .image_paths()
                    .iter()
                    .map(|picture| manual_dir.join(picture)),
            );
        }
        for file in &files {
            if !self.dir.join(file).is_file() {
                return Err(format!(
                    "{}: the game's info.toml or manual names {}, which is not a file; add it or fix the name",
                    self.dir.display(),
                    file.display()
                ));
            }
        }
        Ok(files)
    }

    /// The library's file name (`libchat_noir.so`).
    pub fn library_file(&self) -> String {
        catalog::library_file_name(&self.manifest.game)
    }
}

/// The games of `<workspace>/games`: each directory with an `info.toml`,
/// in name order.
///
/// # Errors
///
/// A manifest the launcher would refuse, or a game without a `Cargo.toml`
/// naming its package.
pub fn bundled_games(workspace: &Path) -> Result<Vec<BundledGame>, String> {
    let games = workspace.join("games");
    let entries = std::fs::read_dir(&games)
        .map_err(|e| format!("cannot read the games of {}: {e}", games.display()))?;
    let mut out = Vec::new();
    for entry in entries {
        let dir = entry.map_err(|e| e.to_string())?.path();
        if !dir.join("info.toml").is_file() {
            continue;
        }
        let dir_name = dir
            .file_name()
            .and_then(|n| n.to_str())
            .ok_or_else(|| format!("{}: a game directory's name must be UTF-8", dir.display()))?
            .to_string();
        let manifest = manifest::read(&dir, &dir_name)
            .map_err(|e| format!("{}: {e}", dir.join("info.toml").display()))?;
        let package = package_name(&dir.join("Cargo.toml"))?;
        out.push(BundledGame {
            dir_name,
            dir,
            package,
            manifest,
        });
    }
    out.sort_by(|a, b| a.dir_name.cmp(&b.dir_name));
    Ok(out)
}

/// The `[package] name` of a `Cargo.toml`.
fn package_name(cargo_toml: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(cargo_toml).map_err(|e| {
        format!(
            "cannot read {} ({e}); a bundled game is a cargo package",
            cargo_toml.display()
        )
    })?;
    let table: toml::Table = text
        .parse()
        .map_err(|e| format!("{}: {e}", cargo_toml.display()))?;
    table
        .get("package")
        .and_then(|p| p.get("name"))
        .and_then(|n| n.as_str())
        .map(str::to_string)
        .ok_or_else(|| format!("{} has no [package] name", cargo_toml.display()))
}

/// Where the built launcher and game libraries are.
#[derive(Clone, Debug)]
pub struct Artifacts {
    /// The launcher executable.
    pub launcher: PathBuf,
    /// The directory holding the games' libraries.
    pub libraries: PathBuf,
    /// Whether they were built without symbols already (the `dist`
    /// profile), so there is nothing to strip.
    pub stripped: bool,
}

impl Artifacts {
    /// What cargo left in a profile's directory (`target/release`).
    pub fn in_profile_dir(dir: &Path, stripped: bool) -> Artifacts {
        Artifacts {
            launcher: dir.join(LAUNCHER_FILE),
            libraries: dir.to_path_buf(),
            stripped,
        }
    }
}

/// The `strip` tool (`$STRIP`, else `strip` on `PATH`), if it runs and
/// takes GNU options (binutils' and LLVM's do; macOS's does not).
pub fn strip_tool() -> Option<OsString> {
    let tool = std::env::var_os("STRIP").unwrap_or_else(|| "strip".into());
    let runs = Command::new(&tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    runs.then_some(tool)
}

/// Builds the launcher and `games` with cargo's `profile` (`release`, or
/// `dist` for binaries without symbols) into `target_dir`.
///
/// # Errors
///
/// Cargo cannot be started, or the build fails (cargo has said why).
pub fn build(
    workspace: &Path,
    target_dir: &Path,
    profile: &str,
    games: &[BundledGame],
) -> Result<Artifacts, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(&cargo);
    command
        .arg("build")
        .arg("--manifest-path")
        .arg(workspace.join("Cargo.toml"))
        .args(["--profile", profile, "--target-dir"])
        .arg(target_dir)
        .args(["-p", "launcher"]);
    for game in games {
        command.args(["-p", &game.package]);
    }
    let status = command
        .status()
        .map_err(|e| format!("cannot run {}: {e}", Path::new(&cargo).display()))?;
    if !status.success() {
        return Err(format!(
            "building the launcher and the games failed ({status}); cargo says why above"
        ));
    }
    Ok(Artifacts::in_profile_dir(
        &target_dir.join(profile),
        profile != "release",
    ))
}

/// What [`lay_out`] made.
#[derive(Clone, Debug)]
pub struct Bundle {
    /// The bundle's root directory.
    pub root: PathBuf,
    /// The games in it, by directory name.
    pub games: Vec<String>,
    /// The launcher's size as built, in bytes.
    pub launcher_built_bytes: u64,
    /// The launcher's size in the bundle.
    pub launcher_bytes: u64,
    /// Whether the bundle's binaries are without symbols.
    pub stripped: bool,
    /// The size of every file in the bundle.
    pub total_bytes: u64,
    /// Things worth knowing that did not stop the bundle (a manifest's
    /// unknown key, no `strip` tool).
    pub warnings: Vec<String>,
}

/// Lays out the bundle in `out` from the workspace's games and documents and
/// the built `artifacts`, stripping the binaries' symbols with
/// [`strip_tool`] unless they are stripped already. `out` is made, or
/// replaced if it is a bundle already; any other directory there is left
/// alone.
///
/// # Errors
///
/// `out` is something else than a bundle or an empty directory; a file is
/// missing (a library not built, a document a manifest names); a copy or
/// `strip` fails.
pub fn lay_out(workspace: &Path, artifacts: &Artifacts, out: &Path) -> Result<Bundle, String> {
    let games = bundled_games(workspace)?;
    let mut warnings = Vec::new();
    for game in &games {
        for warning in &game.manifest.warnings {
            warnings.push(format!(
                "{}: {warning}",
                game.dir.join("info.toml").display()
            ));
        }
    }
    prepare_out(out)?;
    let strip = if artifacts.stripped {
        None
    } else {
        let tool = strip_tool();
        if tool.is_none() {
            warnings.push(
                "no `strip` tool (binutils): the bundle's binaries keep their symbols".into(),
            );
        }
        tool
    };

    let launcher = launcher_path(out);
    copy(&artifacts.launcher, &launcher).map_err(|e| {
        format!("{e}; build the launcher first (`cargo build --release`), or drop --no-build")
    })?;
    if let Some(tool) = &strip {
        run_strip(tool, "--strip-all", &launcher)?;
    }

    for game in &games {
        let to = games_dir(out).join(&game.dir_name);
        for file in game.data_files()? {
            copy(&game.dir.join(&file), &to.join(&file))?;
        }
        let library = to.join(game.library_file());
        copy(&artifacts.libraries.join(game.library_file()), &library).map_err(|e| {
            format!("{e}; build the games first (`cargo build --release`), or drop --no-build")
        })?;
        if let Some(tool) = &strip {
            // Keeps the dynamic symbols, `game_api_entry` among them.
            run_strip(tool, "--strip-unneeded", &library)?;
        }
    }

    let source = workspace.join("docs").join("manual.md");
    let text = manual::load_manual_text(&workspace.join("docs"), &source)?;
    let manual_to = manual_path(out);
    copy(&source, &manual_to)?;
    let doc_dir = manual_to.parent().unwrap_or(out);
    for picture in manual::Manual::parse("manual.md", &text).image_paths() {
        copy(
            &workspace.join("docs").join(&picture),
            &doc_dir.join(&picture),
        )?;
    }

    write(
        &desktop_entry_path(out),
        desktop_entry("plt-games", "plt-games").as_bytes(),
    )?;
    write(&mime_package_path(out), mime_package().as_bytes())?;
    for size in crate::icon::ICON_SIZES {
        write(&icon_path(out, size), &crate::icon::icon_png(size))?;
    }

    let size = |path: &Path| crate::disk_size(path).map_err(|e| format!("{}: {e}", path.display()));
    Ok(Bundle {
        root: out.to_path_buf(),
        games: games.into_iter().map(|g| g.dir_name).collect(),
        launcher_built_bytes: size(&artifacts.launcher)?,
        launcher_bytes: size(&launcher)?,
        stripped: artifacts.stripped || strip.is_some(),
        total_bytes: size(out)?,
        warnings,
    })
}

/// Makes `out` an empty directory: made if missing, emptied if it holds a
/// bundle (from an earlier `dist`), refused otherwise.
fn prepare_out(out: &Path) -> Result<(), String> {
    match std::fs::symlink_metadata(out) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("{}: {e}", out.display())),
        Ok(meta) if meta.is_dir() => {
            let empty = std::fs::read_dir(out)
                .map_err(|e| format!("{}: {e}", out.display()))?
                .next()
                .is_none();
            let a_bundle = launcher_path(out).is_file() && games_dir(out).is_dir();
            if a_bundle {
                std::fs::remove_dir_all(out)
                    .map_err(|e| format!("cannot replace the bundle {}: {e}", out.display()))?;
            } else if !empty {
                return Err(format!(
                    "{} holds something else than a bundle; choose another --out, or empty it",
                    out.display()
                ));
            }
        }
        Ok(_) => {
            return Err(format!(
                "{} is not a directory; choose another --out",
                out.display()
            ));
        }
    }
    std::fs::create_dir_all(out).map_err(|e| format!("cannot make {}: {e}", out.display()))
}

/// Copies a file, making the directories it goes in.
fn copy(from: &Path, to: &Path) -> Result<(), String> {
    make_parent(to)?;
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}

/// Writes a file, making the directories it goes in.
fn write(to: &Path, bytes: &[u8]) -> Result<(), String> {
    make_parent(to)?;
    std::fs::write(to, bytes).map_err(|e| format!("cannot write {}: {e}", to.display()))
}

fn make_parent(path: &Path) -> Result<(), String> {
    match path.parent() {
        Some(parent) => std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot make {}: {e}", parent.display())),
        None => Ok(()),
    }
}

fn run_strip(tool: &OsString, option: &str, file: &Path) -> Result<(), String> {
    let output = Command::new(tool)
        .arg(option)
        .arg(file)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", Path::new(tool).display()))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{} {option} {} failed: {}",
            Path::new(tool).display(),
            file.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        ))
    }
}

/// Packs the bundle `root` into `<name>-<version>-<arch>-<os>.tar.gz` beside
/// it, with `tar`, so it unpacks into one directory.
///
/// # Errors
///
/// `tar` cannot be run or fails.
pub fn archive(root: &Path) -> Result<PathBuf, String> {
    let parent = root.parent().unwrap_or(Path::new("."));
    let name = root
        .file_name()
        .ok_or_else(|| format!("{} has no name to archive", root.display()))?;
    let archive = parent.join(format!(
        "{}-{}-{}-{}.tar.gz",
        name.to_string_lossy(),
        env!("CARGO_PKG_VERSION"),
        std::env::consts::ARCH,
        std::env::consts::OS
    ));
    let status = Command::new("tar")
        .arg("-czf")
        .arg(&archive)
        .arg("-C")
        .arg(parent)
        .arg(name)
        .status()
        .map_err(|e| format!("cannot run tar ({e}); pack {} yourself", root.display()))?;
    if status.success() {
        Ok(archive)
    } else {
        Err(format!("tar failed ({status}) packing {}", root.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_workspace_games_are_found_with_their_packages_and_documents() {
        let games = bundled_games(&crate::workspace_root()).unwrap();
        let chat_noir = games.iter().find(|g| g.dir_name == "chat-noir").unwrap();
        assert!(games.iter().any(|g| g.dir_name == "lights-out"));
        assert_eq!(chat_noir.package, "chat-noir");
        let files = chat_noir.data_files().unwrap();
        for file in ["info.toml", "chat-noir.png", "doc.txt", "manual.md"] {
            assert!(files.contains(&PathBuf::from(file)), "{file}: {files:?}");
        }
        assert!(
            files
                .iter()
                .any(|f| f.starts_with("manual") && f.extension() == Some("png".as_ref())),
            "the manual's pictures: {files:?}"
        );
        assert!(!files.iter().any(|f| f.starts_with("src")), "{files:?}");
    }

    #[test]
    fn a_directory_that_is_not_a_bundle_is_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("precious"), b"x").unwrap();
        let e = prepare_out(dir.path()).unwrap_err();
        assert!(e.contains("something else than a bundle"), "{e}");
        assert!(dir.path().join("precious").is_file());
    }

    #[test]
    fn the_desktop_entry_names_the_app_id_for_its_icon_and_windows() {
        let entry = desktop_entry("plt-games", "plt-games");
        for line in [
            "[Desktop Entry]\n",
            "\nExec=plt-games %f\n",
            "\nMimeType=application/x-plt-game;\n",
            "\nIcon=game-launcher\n",
            "\nCategories=Game;\n",
            "\nStartupWMClass=game-launcher\n",
        ] {
            assert!(entry.contains(line), "no {line:?} in {entry}");
        }
    }

    #[test]
    fn the_mime_package_declares_pltgame_files_as_the_launcher_reads_them() {
        let package = mime_package();
        for line in [
            "<mime-type type=\"application/x-plt-game\">",
            "<glob pattern=\"*.pltgame\"/>",
            "<match type=\"string\" offset=\"0\" value=\"plt-games saved game \"/>",
            "<icon name=\"game-launcher\"/>",
        ] {
            assert!(package.contains(line), "no {line} in {package}");
        }
        // What the launcher writes begins with the magic.
        let header = launcher_core::game_file::MAGIC;
        assert!(package.contains(&format!("value=\"{header} \"")));
        assert_eq!(
            mime_package_path(Path::new("/b")),
            Path::new("/b/share/mime/packages/game-launcher.xml")
        );
    }
}
