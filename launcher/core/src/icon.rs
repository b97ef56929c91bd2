//! Checking a game's icon without decoding it, so that the catalog (and so
//! `--list` and the console's problems) names a bad icon before anything
//! is drawn. Decoding, with the same limits, is the console's job.

use crate::files;
use crate::limits::{MAX_ICON_BYTES, MAX_ICON_PIXELS};
use std::path::Path;

/// The PNG file signature.
pub const PNG_SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// Checks an icon file cheaply, without decoding it: its size, the PNG
/// signature and the dimensions its header claims. The catalog runs this on
/// every icon so that `--list` and the console's problems name a bad icon
/// before anything is drawn; the console's icon loader decodes with the same limits.
pub fn check_icon_file(path: &Path) -> Result<(), String> {
    let (header, size) =
        files::read_head(path, 24).map_err(|problem| format!("the icon {problem}"))?;
    check_icon_head(&header, size)
}

/// [`check_icon_file`] of an icon of the game in `folder`, read only
/// inside it (`files::read_head_within`), as the catalog reads it.
pub fn check_icon_file_within(folder: &Path, path: &Path) -> Result<(), String> {
    let (header, size) = files::read_head_within(folder, path, 24)
        .map_err(|problem| format!("the icon {problem}"))?;
    check_icon_head(&header, size)
}

/// The checks of [`check_icon_file`] on an icon's first bytes and size.
fn check_icon_head(header: &[u8], size: u64) -> Result<(), String> {
    if size > MAX_ICON_BYTES {
        return Err(format!(
            "the icon is {size} bytes, larger than {} MiB; use a 32×32 PNG",
            MAX_ICON_BYTES >> 20
        ));
    }
    check_icon_header(header)
}

/// Checks the first 24 bytes of a PNG: the signature, then the `IHDR`
/// chunk's width and height (see [`check_icon_file`]).
pub fn check_icon_header(header: &[u8]) -> Result<(), String> {
    if !header.starts_with(PNG_SIGNATURE) {
        return Err(
            "the icon is not a PNG file (it does not start with the PNG signature); use a 32×32 PNG with transparency"
                .into(),
        );
    }
    if header.len() < 24 || &header[12..16] != b"IHDR" {
        return Err(
            "the icon is not a usable PNG (its header is cut short or damaged); use a 32×32 PNG with transparency"
                .into(),
        );
    }
    let width = u32::from_be_bytes([header[16], header[17], header[18], header[19]]);
    let height = u32::from_be_bytes([header[20], header[21], header[22], header[23]]);
    if width == 0 || height == 0 || width > MAX_ICON_PIXELS || height > MAX_ICON_PIXELS {
        return Err(format!(
            "the icon says it is {width} × {height} pixels; icons may be at most {MAX_ICON_PIXELS} a side (and should be 32 × 32)"
        ));
    }
    Ok(())
}
