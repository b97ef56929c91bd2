//! Game icons: decoded with limits, scaled to 32×32, cached as textures.

use egui::{ColorImage, TextureHandle, TextureOptions};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The launcher's icon for games without a usable one (`assets/fallback-icon.png`).
pub const FALLBACK_ICON_PNG: &[u8] = include_bytes!("../../assets/fallback-icon.png");

/// The side of a console icon, in points.
pub const ICON_SIDE: u32 = 32;

pub use launcher_core::icon::{check_icon_file, check_icon_header};
pub use launcher_core::limits::{MAX_ICON_BYTES, MAX_ICON_PIXELS};

/// Reads a PNG icon and scales it to 32×32 RGBA. Refuses files that are too
/// large, not PNG, or decode to more than [`MAX_ICON_PIXELS`] per side.
pub fn load_icon(path: &Path) -> Result<ColorImage, String> {
    let bytes =
        crate::files::read_capped(path, MAX_ICON_BYTES).map_err(|problem| match problem {
            crate::files::FileProblem::TooLarge { .. } => format!(
                "the icon is larger than {} MiB; use a 32×32 PNG",
                MAX_ICON_BYTES >> 20
            ),
            other => format!("the icon {other}"),
        })?;
    decode_icon(&bytes)
}

/// [`load_icon`] of the icon of the game in `folder`, read only inside it
/// (`files::read_capped_within`: no link swapped in after the catalog
/// looked leads the read out).
pub fn load_icon_within(folder: &Path, path: &Path) -> Result<ColorImage, String> {
    let bytes =
        crate::files::read_capped_within(folder, path, MAX_ICON_BYTES).map_err(|problem| {
            match problem {
                crate::files::FileProblem::TooLarge { .. } => format!(
                    "the icon is larger than {} MiB; use a 32×32 PNG",
                    MAX_ICON_BYTES >> 20
                ),
                other => format!("the icon {other}"),
            }
        })?;
    decode_icon(&bytes)
}

/// Decodes PNG bytes into a 32×32 icon (see [`load_icon`]).
pub fn decode_icon(bytes: &[u8]) -> Result<ColorImage, String> {
    let image = decode_icon_rgba(bytes)?;
    Ok(ColorImage::from_rgba_unmultiplied(
        [ICON_SIDE as usize, ICON_SIDE as usize],
        image.as_raw(),
    ))
}

/// The icon of a window (`_NET_WM_ICON` on X11): the game's icon file,
/// read with the limits of [`load_icon`], or the launcher's own icon
/// ([`FALLBACK_ICON_PNG`]) when there is none or it cannot be used. The
/// console has the launcher's icon, each game window its game's.
pub fn window_icon(path: Option<&Path>) -> std::sync::Arc<egui::IconData> {
    let game = path.and_then(|path| {
        let bytes = crate::files::read_capped(path, MAX_ICON_BYTES).ok()?;
        decode_icon_rgba(&bytes).ok()
    });
    icon_data(game)
}

/// [`window_icon`] of the icon of the game in `folder`, read only inside
/// it ([`crate::files::read_capped_within`]: an icon swapped for a link out
/// of the folder after the catalog looked is not read through it; the
/// launcher's icon is used instead), as the console's icons are
/// ([`load_icon_within`]).
pub fn window_icon_within(folder: &Path, path: Option<&Path>) -> std::sync::Arc<egui::IconData> {
    let game = path.and_then(|path| {
        let bytes = crate::files::read_capped_within(folder, path, MAX_ICON_BYTES).ok()?;
        decode_icon_rgba(&bytes).ok()
    });
    icon_data(game)
}

/// The window icon of `game`'s pixels, or of the launcher's own icon.
fn icon_data(game: Option<image::RgbaImage>) -> std::sync::Arc<egui::IconData> {
    let image = game
        .or_else(|| decode_icon_rgba(FALLBACK_ICON_PNG).ok())
        .unwrap_or_else(|| image::RgbaImage::new(ICON_SIDE, ICON_SIDE));
    std::sync::Arc::new(egui::IconData {
        width: image.width(),
        height: image.height(),
        rgba: image.into_raw(),
    })
}

/// Decodes PNG bytes into 32×32 RGBA pixels, not premultiplied.
fn decode_icon_rgba(bytes: &[u8]) -> Result<image::RgbaImage, String> {
    let mut reader =
        image::ImageReader::with_format(std::io::Cursor::new(bytes), image::ImageFormat::Png);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_ICON_PIXELS);
    limits.max_image_height = Some(MAX_ICON_PIXELS);
    limits.max_alloc = Some(64 * 1024 * 1024);
    reader.limits(limits);
    let image = reader
        .decode()
        .map_err(|e| {
            format!("the icon is not a usable PNG ({e}); use a 32×32 PNG with transparency")
        })?
        .into_rgba8();
    let image = if image.dimensions() == (ICON_SIDE, ICON_SIDE) {
        image
    } else {
        image::imageops::resize(
            &image,
            ICON_SIDE,
            ICON_SIDE,
            image::imageops::FilterType::Triangle,
        )
    };
    Ok(image)
}

/// Icon textures by file, plus the fallback.
pub struct IconCache {
    fallback: TextureHandle,
    icons: HashMap<PathBuf, Result<TextureHandle, String>>,
}

impl IconCache {
    /// Uploads the fallback icon.
    pub fn new(ctx: &egui::Context) -> Self {
        let fallback =
            decode_icon(FALLBACK_ICON_PNG).expect("the bundled fallback icon is a valid PNG");
        IconCache {
            fallback: ctx.load_texture("fallback-icon", fallback, TextureOptions::LINEAR),
            icons: HashMap::new(),
        }
    }

    /// The texture for the icon `path` of the game in `folder` (loading it
    /// once, see [`load_icon_within`]), or the fallback with the reason.
    pub fn get(
        &mut self,
        ctx: &egui::Context,
        folder: &Path,
        path: Option<&Path>,
    ) -> (&TextureHandle, Option<&str>) {
        let Some(path) = path else {
            return (&self.fallback, None);
        };
        let entry = self.icons.entry(path.to_owned()).or_insert_with(|| {
            load_icon_within(folder, path).map(|image| {
                ctx.load_texture(path.display().to_string(), image, TextureOptions::LINEAR)
            })
        });
        match entry {
            Ok(texture) => (texture, None),
            Err(reason) => (&self.fallback, Some(reason.as_str())),
        }
    }

    /// Forgets loaded icons, so changed files are read again.
    pub fn clear(&mut self) {
        self.icons.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use launcher_core::icon::PNG_SIGNATURE;

    #[test]
    fn the_fallback_icon_decodes_to_32_by_32() {
        let image = decode_icon(FALLBACK_ICON_PNG).unwrap();
        assert_eq!(image.size, [32, 32]);
        // Transparent corner, opaque centre: it has a mask, as §2 asks of icons.
        assert_eq!(image.pixels[0].a(), 0);
        assert_eq!(image.pixels[16 * 32 + 16].a(), 255);
    }

    /// A PNG signature and an `IHDR` chunk claiming `width` × `height`, with
    /// no pixel data: what a hostile icon looks like before decoding.
    fn png_header(width: u32, height: u32) -> Vec<u8> {
        let mut bytes = PNG_SIGNATURE.to_vec();
        bytes.extend(13u32.to_be_bytes());
        bytes.extend(b"IHDR");
        bytes.extend(width.to_be_bytes());
        bytes.extend(height.to_be_bytes());
        bytes.extend([8, 6, 0, 0, 0]); // 8-bit RGBA
        bytes.extend([0; 4]); // CRC (wrong, but read after the limits)
        bytes
    }

    #[test]
    fn headers_are_checked_without_decoding() {
        assert_eq!(check_icon_header(&FALLBACK_ICON_PNG[..24]), Ok(()));
        let e = check_icon_header(&png_header(100_000, 100_000)).unwrap_err();
        assert!(e.contains("100000 × 100000 pixels"), "{e}");
        let e = check_icon_header(b"GIF89a").unwrap_err();
        assert!(e.contains("not a PNG file"), "{e}");
        let e = check_icon_header(&png_header(32, 32)[..20]).unwrap_err();
        assert!(e.contains("cut short"), "{e}");
    }

    #[test]
    fn a_huge_claimed_size_is_refused_before_allocating() {
        let e = decode_icon(&png_header(100_000, 100_000)).unwrap_err();
        assert!(e.contains("not a usable PNG"), "{e}");
    }

    /// Issue 41, attack 1's last path: a window's icon was read by path,
    /// so an icon swapped for a link out of the game's folder after the
    /// catalog looked was read through it. Read inside the folder, it is
    /// refused, and the window has the launcher's icon.
    #[cfg(unix)]
    #[test]
    fn a_window_icon_that_links_out_of_the_games_folder_is_not_read() {
        let outside = tempfile::tempdir().unwrap();
        let folder = tempfile::tempdir().unwrap();
        let red = image::RgbaImage::from_pixel(32, 32, image::Rgba([255, 0, 0, 255]));
        let secret = outside.path().join("secret.png");
        red.save(&secret).unwrap();
        red.save(folder.path().join("own.png")).unwrap();
        let link = folder.path().join("icon.png");
        std::os::unix::fs::symlink(&secret, &link).unwrap();
        let fallback = window_icon(None);
        // By path, the link was followed (how the window read it before).
        assert_ne!(window_icon(Some(&link)), fallback);
        assert_eq!(window_icon_within(folder.path(), Some(&link)), fallback);
        let own = folder.path().join("own.png");
        assert_eq!(
            window_icon_within(folder.path(), Some(&own)),
            window_icon(Some(&own))
        );
        assert_ne!(window_icon_within(folder.path(), Some(&own)), fallback);
    }

    #[test]
    fn not_a_png_is_a_clear_error() {
        let e = decode_icon(b"GIF89a not really").unwrap_err();
        assert!(e.contains("not a usable PNG"), "{e}");
    }
}
