//! The pictures a game draws ([`game_api::Painter::picture`]) as egui
//! textures: a PNG file of the game's own directory is read and decoded
//! once, with the manual viewer's limits, and kept while the window is
//! open; pixels are uploaded once per distinct content and dropped when a
//! frame no longer draws them, and together take at most
//! [`MAX_PIXEL_PICTURE_BYTES`] of the console's memory.

use egui::{TextureHandle, TextureId, TextureOptions};
use game_api::PictureSource;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The most memory a game's pictures of pixels may take at once as
/// textures in the console (issue 41: a new picture of 64 MiB every frame
/// took the console from 137 to 611 MB): a picture that would take them
/// past it is not drawn, and the window says so. Ample for a game's
/// pictures (Slidey's are 480 × 480, under 1 MiB).
pub const MAX_PIXEL_PICTURE_BYTES: usize = 32 << 20;

/// The textures of one game window's pictures, and what went wrong with its
/// files.
pub struct GamePictures {
    /// The game's directory: file paths start there.
    game_dir: PathBuf,
    /// Each file picture by its path, or why it cannot be shown.
    files: HashMap<String, Result<TextureHandle, String>>,
    /// Each picture of pixels by its content key, with its bytes.
    pixels: HashMap<u64, (TextureHandle, usize)>,
    /// The bytes of `pixels`.
    pixel_bytes: usize,
    /// A picture of pixels was not drawn: it would have taken them past
    /// [`MAX_PIXEL_PICTURE_BYTES`].
    over_budget: bool,
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
            pixel_bytes: 0,
            over_budget: false,
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
                if let Some((texture, _)) = self.pixels.get(&pixels.key) {
                    self.used.insert(pixels.key);
                    return Some(texture.id());
                }
                let size = [pixels.width as usize, pixels.height as usize];
                let bytes = size[0] * size[1] * 4;
                if self.pixel_bytes + bytes > MAX_PIXEL_PICTURE_BYTES {
                    self.over_budget = true;
                    return None;
                }
                self.used.insert(pixels.key);
                let image = egui::ColorImage::from_rgba_unmultiplied(size, &pixels.rgba);
                let texture = ctx.load_texture("game pixels", image, options());
                let id = texture.id();
                self.pixel_bytes += bytes;
                self.pixels.insert(pixels.key, (texture, bytes));
                Some(id)
            }
        }
    }

    /// Ends a frame: the pixels it did not draw are dropped, so a game that
    /// animates by drawing new pixels each frame keeps only the latest.
    pub fn end_frame(&mut self) {
        let used = std::mem::take(&mut self.used);
        self.pixels.retain(|key, _| used.contains(key));
        self.pixel_bytes = self.pixels.values().map(|(_, bytes)| bytes).sum();
    }

    /// How many picture files have failed to load: when it changes,
    /// [`GamePictures::problems`] has more to say.
    pub fn failures(&self) -> usize {
        self.failures + usize::from(self.over_budget)
    }

    /// Why each file picture that cannot be shown cannot, sorted by path;
    /// then, once one was not drawn, the memory of the pictures of pixels.
    pub fn problems(&self) -> Vec<String> {
        let mut problems: Vec<(&String, &String)> = self
            .files
            .iter()
            .filter_map(|(path, loaded)| loaded.as_ref().err().map(|e| (path, e)))
            .collect();
        problems.sort();
        let mut said: Vec<String> = problems.into_iter().map(|(_, e)| e.clone()).collect();
        if self.over_budget {
            said.push(format!(
                "a picture of pixels that would take the game's pictures past {} MiB is not drawn",
                MAX_PIXEL_PICTURE_BYTES >> 20
            ));
        }
        said
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
