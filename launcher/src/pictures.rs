//! The pictures a game draws ([`game_api::Painter::picture`]) as egui
//! textures: a PNG file of the game's own directory is read and decoded
//! once, with the manual viewer's limits, and kept while the window is
//! open; pixels are uploaded once per distinct content and dropped when a
//! frame no longer draws them.

use egui::{TextureHandle, TextureId, TextureOptions};
use game_api::PictureSource;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The textures of one game window's pictures, and what went wrong with its
/// files.
pub struct GamePictures {
    /// The game's directory: file paths start there.
    game_dir: PathBuf,
    /// Each file picture by its path, or why it cannot be shown.
    files: HashMap<String, Result<TextureHandle, String>>,
    /// Each picture of pixels by its content key.
    pixels: HashMap<u64, TextureHandle>,
    /// The pixels drawn since the last [`GamePictures::end_frame`].
    used: HashSet<u64>,
    /// How many files have failed to load so far.
    failures: usize,
}

impl GamePictures {
    /// No pictures yet, for a game in `game_dir`.
    pub fn new(game_dir: &Path) -> GamePictures {
        GamePictures {
            game_dir: game_dir.to_owned(),
            files: HashMap::new(),
            pixels: HashMap::new(),
            used: HashSet::new(),
            failures: 0,
        }
    }

    /// The texture of `source`, made on first use; `None` for a file that
    /// cannot be shown (see [`GamePictures::problems`]).
    pub fn texture(&mut self, ctx: &egui::Context, source: &PictureSource) -> Option<TextureId> {
        match source {
            PictureSource::File(path) => {
                if !self.files.contains_key(path) {
                    let loaded = load_file(&self.game_dir, path).map(|image| {
                        ctx.load_texture(format!("game picture {path}"), image, options())
                    });
                    self.failures += usize::from(loaded.is_err());
                    self.files.insert(path.clone(), loaded);
                }
                self.files[path].as_ref().ok().map(TextureHandle::id)
            }
            PictureSource::Rgba(pixels) => {
                self.used.insert(pixels.key);
                let texture = self.pixels.entry(pixels.key).or_insert_with(|| {
                    let size = [pixels.width as usize, pixels.height as usize];
                    let image = egui::ColorImage::from_rgba_unmultiplied(size, &pixels.rgba);
                    ctx.load_texture("game pixels", image, options())
                });
                Some(texture.id())
            }
        }
    }

    /// Ends a frame: the pixels it did not draw are dropped, so a game that
    /// animates by drawing new pixels each frame keeps only the latest.
    pub fn end_frame(&mut self) {
        let used = std::mem::take(&mut self.used);
        self.pixels.retain(|key, _| used.contains(key));
    }

    /// How many picture files have failed to load: when it changes,
    /// [`GamePictures::problems`] has more to say.
    pub fn failures(&self) -> usize {
        self.failures
    }

    /// Why each file picture that cannot be shown cannot, sorted by path.
    pub fn problems(&self) -> Vec<String> {
        let mut problems: Vec<(&String, &String)> = self
            .files
            .iter()
            .filter_map(|(path, loaded)| loaded.as_ref().err().map(|e| (path, e)))
            .collect();
        problems.sort();
        problems.into_iter().map(|(_, e)| e.clone()).collect()
    }
}

/// Pictures are scaled smoothly, as they are drawn at any size.
fn options() -> TextureOptions {
    TextureOptions::LINEAR
}

/// Reads and decodes the picture `path` of the game in `game_dir`; it must
/// stay inside that directory (the host already refused `..` and absolute
/// paths; this also refuses a link that leads out).
fn load_file(game_dir: &Path, path: &str) -> Result<egui::ColorImage, String> {
    let file = game_dir.join(path);
    let bytes = launcher_core::files::read_capped_within(
        game_dir,
        &file,
        launcher_core::limits::MAX_PICTURE_BYTES,
    )
    .map_err(|problem| format!("the picture {} {problem}", file.display()))?;
    crate::help_viewer::decode_picture(bytes, &file)
}
