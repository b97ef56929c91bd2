//! A manual's pictures: read through `launcher-help` (only the files the
//! manual lists, at most `MAX_PICTURE_BYTES`), decoded with pixel limits
//! on a thread of the viewer's, scaled down, and kept as textures while the
//! viewer is open, within [`MAX_MANUAL_PICTURE_BYTES`].

use egui::{ColorImage, TextureHandle, TextureOptions};
use launcher_help::manual::{Manual, picture_path, read_picture, read_picture_file};
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

/// The bytes a picture of `width` × `height` pixels takes as a texture
/// once [`decode_picture`] has scaled it, at least: its scaled sides are
/// rounded, so one less pixel each way.
fn least_texture_bytes(width: u32, height: u32) -> usize {
    let (w, h) = (f64::from(width), f64::from(height));
    let side = f64::from(MAX_TEXTURE_SIDE);
    let ratio = if width > MAX_TEXTURE_SIDE || height > MAX_TEXTURE_SIDE {
        (side / w).min(side / h)
    } else {
        1.0
    };
    let (w, h) = ((w * ratio).round() as usize, (h * ratio).round() as usize);
    let exact = ratio == 1.0;
    let (w, h) = if exact {
        (w, h)
    } else {
        (w.saturating_sub(1), h.saturating_sub(1))
    };
    w * h * 4
}

/// What a picture past a manual's memory for pictures says.
fn over_budget() -> String {
    format!(
        "not shown: this manual's pictures would take more than {} MiB of memory",
        MAX_MANUAL_PICTURE_BYTES >> 20
    )
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

/// The most memory the pictures of one manual viewer may take as
/// textures (issue 41: a manual of 40 pictures of 4096 × 4096 took the
/// console to 367 MB): the pictures past it are not shown, and say why.
/// A picture is at most [`MAX_TEXTURE_SIDE`] a side, 10 MiB, so about
/// nine fit.
pub const MAX_MANUAL_PICTURE_BYTES: usize = 96 << 20;

/// What a manual viewer shows of one picture.
pub(super) enum PictureState<'a> {
    /// Read and decoded on the viewer's thread; not yet there.
    Loading,
    /// Its texture.
    Shown(&'a TextureHandle),
    /// Why it is not shown.
    Refused(&'a str),
}

/// One picture, as far as it got.
enum Loaded {
    Loading,
    Shown(TextureHandle),
    Refused(String),
}

/// A picture decoded by the viewer's thread: its path, and its pixels or
/// why not.
type Decoded = (String, Result<ColorImage, String>);

/// The thread of a viewer that reads and decodes its pictures, one at a
/// time, so the console never waits for them and holds one picture's
/// decoding memory at most; it ends when the viewer forgets its pictures.
struct Decoder {
    jobs: std::sync::mpsc::Sender<(String, std::path::PathBuf, std::path::PathBuf)>,
    done: std::sync::mpsc::Receiver<Decoded>,
    /// The pictures asked for and not yet taken in.
    outstanding: usize,
}

impl Decoder {
    fn start(ctx: &egui::Context) -> Option<Decoder> {
        let (jobs, queue) =
            std::sync::mpsc::channel::<(String, std::path::PathBuf, std::path::PathBuf)>();
        let (finished, done) = std::sync::mpsc::channel();
        let ctx = ctx.clone();
        std::thread::Builder::new()
            .name("manual pictures".into())
            .spawn(move || {
                // The bytes the viewer shows, counted as it will count them
                // (`Pictures::take_decoded`, in the same order): a picture
                // that cannot fit is refused from its size alone, not
                // decoded (decoding and scaling 4096 × 4096 costs about
                // half a second of CPU).
                let mut shown = 0;
                for (relative, folder, path) in queue {
                    let image = read_picture_file(&folder, &path).and_then(|bytes| {
                        let size = image::ImageReader::new(std::io::Cursor::new(&bytes))
                            .with_guessed_format()
                            .ok()
                            .and_then(|reader| reader.into_dimensions().ok());
                        match size {
                            Some((w, h))
                                if shown + least_texture_bytes(w, h) > MAX_MANUAL_PICTURE_BYTES =>
                            {
                                Err(over_budget())
                            }
                            _ => decode_picture(bytes, &path),
                        }
                    });
                    if let Ok(image) = &image
                        && shown + image.pixels.len() * 4 <= MAX_MANUAL_PICTURE_BYTES
                    {
                        shown += image.pixels.len() * 4;
                    }
                    if finished.send((relative, image)).is_err() {
                        break;
                    }
                    ctx.request_repaint();
                }
            })
            .ok()?;
        Some(Decoder {
            jobs,
            done,
            outstanding: 0,
        })
    }
}

/// The pictures of one manual viewer, each read and decoded once, off the
/// console's thread, within [`MAX_MANUAL_PICTURE_BYTES`], or why it
/// cannot be shown.
#[derive(Default)]
pub(super) struct Pictures {
    loaded: HashMap<String, Loaded>,
    decoder: Option<Decoder>,
    /// The bytes of the textures shown.
    bytes: usize,
}

impl Pictures {
    /// The picture `relative`: asked of the viewer's thread on first use,
    /// shown once decoded (as a texture named after `texture_prefix` and
    /// the path) if the viewer's pictures stay within their memory.
    pub(super) fn get(
        &mut self,
        ctx: &egui::Context,
        texture_prefix: &str,
        manual: &Manual,
        folder: &Path,
        manual_dir: &Path,
        relative: &str,
    ) -> PictureState<'_> {
        self.take_decoded(ctx, texture_prefix);
        if !self.loaded.contains_key(relative) {
            let asked = picture_path(manual, manual_dir, relative).and_then(|path| {
                if self.decoder.is_none() {
                    self.decoder = Decoder::start(ctx);
                }
                let decoder = self
                    .decoder
                    .as_mut()
                    .ok_or("the launcher could not start a thread to read it")?;
                decoder
                    .jobs
                    .send((relative.to_owned(), folder.to_owned(), path))
                    .map_err(|_| "the launcher's thread that reads it has ended".to_owned())?;
                decoder.outstanding += 1;
                Ok(())
            });
            let state = match asked {
                Ok(()) => Loaded::Loading,
                Err(why) => Loaded::Refused(why),
            };
            self.loaded.insert(relative.to_owned(), state);
        }
        match &self.loaded[relative] {
            Loaded::Loading => PictureState::Loading,
            Loaded::Shown(texture) => PictureState::Shown(texture),
            Loaded::Refused(why) => PictureState::Refused(why),
        }
    }

    /// Takes in what the viewer's thread decoded: a texture for each that
    /// fits in [`MAX_MANUAL_PICTURE_BYTES`], a refusal for the rest. The
    /// viewer calls it every frame, whichever section it shows.
    pub(super) fn take_decoded(&mut self, ctx: &egui::Context, texture_prefix: &str) {
        let Some(decoder) = &mut self.decoder else {
            return;
        };
        while let Ok((relative, image)) = decoder.done.try_recv() {
            decoder.outstanding = decoder.outstanding.saturating_sub(1);
            let state = match image {
                Ok(image) => {
                    let bytes = image.pixels.len() * 4;
                    if self.bytes + bytes > MAX_MANUAL_PICTURE_BYTES {
                        Loaded::Refused(over_budget())
                    } else {
                        self.bytes += bytes;
                        Loaded::Shown(ctx.load_texture(
                            format!("{texture_prefix}:{relative}"),
                            image,
                            TextureOptions::LINEAR,
                        ))
                    }
                }
                Err(why) => Loaded::Refused(why),
            };
            self.loaded.insert(relative, state);
        }
    }

    /// Whether a picture asked for is not yet taken in.
    pub(super) fn loading(&self) -> bool {
        self.decoder.as_ref().is_some_and(|d| d.outstanding > 0)
    }

    /// The bytes of the textures shown.
    pub(super) fn bytes(&self) -> usize {
        self.bytes
    }

    /// Why each picture not shown is not, by its path, sorted.
    pub(super) fn refused(&self) -> Vec<(String, String)> {
        let mut refused: Vec<(String, String)> = self
            .loaded
            .iter()
            .filter_map(|(path, l)| match l {
                Loaded::Refused(why) => Some((path.clone(), why.clone())),
                _ => None,
            })
            .collect();
        refused.sort();
        refused
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The least size a picture's texture may have is never more than the
    /// size decoding gives it: a picture refused from its size alone would
    /// also have been refused decoded.
    #[test]
    fn the_least_texture_size_is_at_most_the_decoded_one() {
        for (w, h) in [
            (4096, 4096),
            (4096, 1000),
            (1601, 1600),
            (1600, 1600),
            (300, 200),
        ] {
            let image = image::DynamicImage::new_rgba8(w, h);
            let mut png = Vec::new();
            image
                .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
                .unwrap();
            let decoded = decode_picture(png, Path::new("p.png")).unwrap();
            let least = least_texture_bytes(w, h);
            assert!(least <= decoded.pixels.len() * 4, "{w} x {h}");
            assert!(
                least * 10 >= decoded.pixels.len() * 4 * 9,
                "{w} x {h}: close"
            );
        }
    }
}
