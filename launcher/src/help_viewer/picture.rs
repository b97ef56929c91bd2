//! A manual's pictures: read through `launcher-help` (only the files the
//! manual lists, at most `MAX_PICTURE_BYTES`), decoded with pixel limits,
//! scaled down, and kept as textures while the viewer is open.

use egui::{ColorImage, TextureHandle, TextureOptions};
use launcher_help::manual::{Manual, read_picture};
use std::collections::HashMap;
use std::path::Path;

pub use launcher_core::limits::MAX_PICTURE_PIXELS;

/// Pictures wider or taller than this are scaled down before they become
/// textures, in pixels.
pub const MAX_TEXTURE_SIDE: u32 = 1600;

/// The most memory the decoder may take for one picture, in bytes.
const MAX_DECODE_ALLOC: u64 = 128 * 1024 * 1024;

/// Decodes a PNG picture (`name` is for messages) with limits, scaled down to
/// at most [`MAX_TEXTURE_SIDE`] pixels per side.
pub fn decode_picture(bytes: Vec<u8>, name: &Path) -> Result<ColorImage, String> {
    let mut reader = image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| format!("cannot read {} ({e})", name.display()))?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_PICTURE_PIXELS);
    limits.max_image_height = Some(MAX_PICTURE_PIXELS);
    limits.max_alloc = Some(MAX_DECODE_ALLOC);
    reader.limits(limits);
    let image = reader
        .decode()
        .map_err(|e| format!("{} is not a usable PNG picture ({e})", name.display()))?;
    let image = if image.width() > MAX_TEXTURE_SIDE || image.height() > MAX_TEXTURE_SIDE {
        image.resize(
            MAX_TEXTURE_SIDE,
            MAX_TEXTURE_SIDE,
            image::imageops::FilterType::Triangle,
        )
    } else {
        image
    };
    let rgba = image.into_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Ok(ColorImage::from_rgba_unmultiplied(size, rgba.as_raw()))
}

/// Reads and decodes the picture `relative` of `manual`, whose file is in
/// `manual_dir` inside `folder` (see [`read_picture`] and [`decode_picture`]).
pub fn load_picture(
    manual: &Manual,
    folder: &Path,
    manual_dir: &Path,
    relative: &str,
) -> Result<ColorImage, String> {
    let bytes = read_picture(manual, folder, manual_dir, relative)?;
    decode_picture(bytes, &manual_dir.join(relative))
}

/// The pictures of one manual viewer, each read and decoded once, or why it
/// cannot be shown.
#[derive(Default)]
pub(super) struct Pictures {
    loaded: HashMap<String, Result<TextureHandle, String>>,
}

impl Pictures {
    /// The texture of the picture `relative`, loading it on first use; the
    /// texture is named after `texture_prefix` and the path.
    pub(super) fn get(
        &mut self,
        ctx: &egui::Context,
        texture_prefix: &str,
        manual: &Manual,
        folder: &Path,
        manual_dir: &Path,
        relative: &str,
    ) -> &Result<TextureHandle, String> {
        self.loaded.entry(relative.to_string()).or_insert_with(|| {
            load_picture(manual, folder, manual_dir, relative).map(|image| {
                ctx.load_texture(
                    format!("{texture_prefix}:{relative}"),
                    image,
                    TextureOptions::LINEAR,
                )
            })
        })
    }
}
