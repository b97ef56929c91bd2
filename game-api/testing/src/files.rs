//! A game's folder read for its own tests' facts: what the manifest says,
//! the icon's pixels, the help as the launcher formats it, the manual. Each
//! reader panics naming the file (they are for tests); [`crate::conformance`]
//! has already said, in words, what breaks a rule.

use game_api::Rgba;
use launcher_core::manifest::Manifest;
use launcher_help::manual::Manual;
use launcher_help::text_help::{TextHelp, format_text_help};
use std::path::Path;

/// The sections every bundled game's manual has (its tags), after the
/// collection's manuals: a game's tests add their own.
pub const MANUAL_SECTIONS: [&str; 7] = [
    "rules",
    "statistics",
    "playing",
    "keys",
    "screen-readers",
    "options",
    "game-id",
];

/// The text of the file `name` in `dir`.
pub fn read(dir: impl AsRef<Path>, name: &str) -> String {
    let path = dir.as_ref().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text of `name` with its white space folded to single spaces, to
/// look for a sentence however it is wrapped.
pub fn flat(dir: impl AsRef<Path>, name: &str) -> String {
    read(dir, name)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `info.toml` as the launcher reads it, defaults applied.
pub fn manifest(dir: impl AsRef<Path>) -> Manifest {
    let dir = dir.as_ref();
    let name = dir.file_name().unwrap_or_default().to_string_lossy();
    launcher_core::manifest::read(dir, &name)
        .unwrap_or_else(|e| panic!("{}: info.toml: {e}", dir.display()))
}

/// `doc.txt` as the launcher formats it.
pub fn help(dir: impl AsRef<Path>) -> TextHelp {
    format_text_help(&read(dir, "doc.txt"))
}

/// `doc.txt` as the launcher formats it, asserting its titles are `titles`
/// and it has `bullets` bullets.
pub fn assert_help(dir: impl AsRef<Path>, titles: &[&str], bullets: usize) -> TextHelp {
    let help = help(dir);
    assert_eq!(help.titles(), titles);
    assert_eq!(help.bullets().len(), bullets, "{:#?}", help.bullets());
    help
}

/// `doc.txt` as the launcher formats it, asserting its titles are `titles`.
pub fn assert_titles(dir: impl AsRef<Path>, titles: &[&str]) -> TextHelp {
    let help = help(dir);
    assert_eq!(help.titles(), titles);
    help
}

/// Asserts some bullet of `help` starts with `start`.
pub fn assert_bullet(help: &TextHelp, start: &str) {
    let bullets = help.bullets();
    assert!(
        bullets.iter().any(|b| b.starts_with(start)),
        "no bullet starts with {start:?}: {bullets:#?}"
    );
}

/// The number of lines of the Rust files in `dir`'s `src` folder.
pub fn source_lines(dir: impl AsRef<Path>) -> usize {
    let src = dir.as_ref().join("src");
    std::fs::read_dir(&src)
        .unwrap_or_else(|e| panic!("{}: {e}", src.display()))
        .map(|f| {
            read(
                &src,
                &f.expect("a file of src").file_name().to_string_lossy(),
            )
        })
        .map(|text| text.lines().count())
        .sum()
}

/// `manual.md`, parsed.
pub fn manual(dir: impl AsRef<Path>) -> Manual {
    Manual::parse("manual.md", &read(dir, "manual.md"))
}

/// Asserts the console shows the game as `name` among `game_set`.
pub fn assert_listed(dir: impl AsRef<Path>, name: &str, game_set: &str) {
    let m = manifest(dir);
    assert_eq!((m.name.as_str(), m.game_set.as_str()), (name, game_set));
}

/// Asserts `text` starts with `start`, showing it if not.
pub fn assert_starts(text: &str, start: &str) {
    assert!(
        text.starts_with(start),
        "{text:?} does not start with {start:?}"
    );
}

/// Asserts the manual has the [`MANUAL_SECTIONS`] and `more`, by tag.
pub fn assert_manual_sections(dir: impl AsRef<Path>, more: &[&str]) {
    let manual = manual(dir);
    let tags: Vec<&str> = manual.sections().iter().map(|s| s.tag.as_str()).collect();
    for tag in MANUAL_SECTIONS.iter().chain(more) {
        assert!(tags.contains(tag), "no section {tag} in {tags:?}");
    }
}

/// Asserts the manual is titled `title` and has a section of each tag of
/// `tags` (separated by spaces, as `"rules keys game-id"`); returns it.
pub fn assert_manual(dir: impl AsRef<Path>, title: &str, tags: &str) -> Manual {
    let manual = manual(dir);
    assert_eq!(manual.title(), title);
    let have: Vec<&str> = manual.sections().iter().map(|s| s.tag.as_str()).collect();
    for tag in tags.split_whitespace() {
        assert!(have.contains(&tag), "no section {tag} in {have:?}");
    }
    manual
}

/// Asserts each committed picture of `dir` is the `(name, png)` the
/// drawing code draws now, byte for byte (the rasteriser is
/// deterministic), so none goes stale; a stale one is named, with the
/// `command` that draws them again.
pub fn assert_pictures_fresh(dir: impl AsRef<Path>, pictures: Vec<(&str, Vec<u8>)>, command: &str) {
    for (name, png) in pictures {
        let path = dir.as_ref().join(name);
        let committed = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(committed == png, "{name} is stale: run `{command}`");
    }
}

/// A PNG of the folder (the icon the manifest names, a picture), decoded
/// to 8-bit RGBA.
#[derive(Clone, Debug)]
pub struct Icon {
    /// Width and height in pixels.
    pub size: (u32, u32),
    /// The pixels, row by row, four bytes each.
    pub pixels: Vec<u8>,
}

impl Icon {
    /// The pixel at `x`, `y` as `[r, g, b, a]`.
    pub fn at(&self, x: u32, y: u32) -> &[u8] {
        let i = ((y * self.size.0 + x) * 4) as usize;
        &self.pixels[i..i + 4]
    }

    /// Asserts `test` holds of the pixel at `x`, `y`, showing it if not.
    pub fn assert_at(&self, x: u32, y: u32, test: impl Fn(&[u8]) -> bool) {
        let pixel = self.at(x, y);
        assert!(test(pixel), "the icon's pixel at {x}, {y} is {pixel:?}");
    }

    /// Whether some pixel is exactly `color`.
    pub fn has(&self, color: Rgba) -> bool {
        self.pixels
            .chunks(4)
            .any(|p| p == [color.r, color.g, color.b, color.a])
    }
}

/// The game's icon, decoded (an RGBA PNG, as the collection's are).
pub fn icon(dir: impl AsRef<Path>) -> Icon {
    let dir = dir.as_ref();
    picture(dir, &manifest(dir).icon.to_string_lossy())
}

/// The PNG `name` in `dir` (the icon, a manual's picture), decoded; it
/// must be 8-bit RGBA.
pub fn picture(dir: impl AsRef<Path>, name: &str) -> Icon {
    let path = dir.as_ref().join(name);
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut pixels = vec![0; reader.output_buffer_size().unwrap_or(0)];
    let info = reader
        .next_frame(&mut pixels)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(
        (info.color_type, info.bit_depth),
        (png::ColorType::Rgba, png::BitDepth::Eight),
        "{}: not 8-bit RGBA",
        path.display()
    );
    pixels.truncate(info.buffer_size());
    Icon {
        size: (info.width, info.height),
        pixels,
    }
}
