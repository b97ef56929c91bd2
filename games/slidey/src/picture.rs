//! The pictures the puzzle cuts into tiles: square RGBA images, the
//! game's own (computed here, the same on every machine) or the player's
//! (decoded from the bytes of a PNG or JPEG file, cropped to its middle
//! square and scaled), and the tiles cut from them.
//!
//! ```
//! use slidey::picture::{Image, Landscape, SIDE};
//! let image = Image::builtin(Landscape);
//! assert_eq!((image.side(), image.pixels().len()), (SIDE, SIDE * SIDE * 4));
//! let tiles = image.cut(4);
//! assert_eq!(tiles.len(), 16);
//! assert_eq!(tiles[0].side, SIDE / 4);
//! ```

use std::fmt;
use std::sync::OnceLock;

pub use Builtin::{Landscape, Rings};

/// The side of every picture, in pixels: 480, which 3, 4, 5 and 6 divide.
pub const SIDE: usize = 480;

/// The most bytes a picture's file may have (as the launcher's pictures).
pub const MAX_FILE_BYTES: usize = 16 * 1024 * 1024;

/// The most pixels a side of a picture file may have.
pub const MAX_FILE_SIDE: u32 = 8192;

/// The colour a picture's transparent parts are laid on.
pub const MATTE: [u8; 3] = [40, 40, 46];

/// The pictures the game makes itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    /// A sunset over mountains and a lake: the default.
    Landscape,
    /// Rainbow rings on a checkerboard: an abstract picture, best with
    /// the tile numbers shown.
    Rings,
}

impl Builtin {
    /// Both, the default first.
    pub const ALL: [Builtin; 2] = [Landscape, Rings];

    /// Its name in the Picture choice.
    pub const fn name(self) -> &'static str {
        match self {
            Landscape => "Landscape",
            Rings => "Rings",
        }
    }
}

/// A square picture, [`SIDE`] pixels a side, 4 bytes a pixel (red, green,
/// blue, alpha), row by row; every pixel opaque.
#[derive(Clone, PartialEq, Eq)]
pub struct Image {
    side: usize,
    rgba: Vec<u8>,
}

impl fmt::Debug for Image {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Image({}×{})", self.side, self.side)
    }
}

/// One tile's pixels, cut from an [`Image`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tile {
    /// Pixels a side.
    pub side: usize,
    /// `side × side × 4` bytes, as [`Image`]'s.
    pub rgba: Vec<u8>,
}

impl Tile {
    /// The colour of the pixel at `x`, `y` of the tile.
    pub fn pixel(&self, x: usize, y: usize) -> [u8; 4] {
        let i = (y * self.side + x) * 4;
        [
            self.rgba[i],
            self.rgba[i + 1],
            self.rgba[i + 2],
            self.rgba[i + 3],
        ]
    }
}

/// Linear interpolation between two colours.
fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    let t = t.clamp(0.0, 1.0);
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

/// A smooth step from 0 (at `edge0`) to 1 (at `edge1`).
fn smooth(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The height of a mountain ridge at `x` (0 to 1), as a share of the
/// picture from the top: sums of sines, fixed forever.
fn ridge(x: f32, base: f32, amplitude: f32, phase: f32) -> f32 {
    let s = (x * 7.0 + phase).sin() * 0.5
        + (x * 13.0 + phase * 2.3).sin() * 0.3
        + (x * 29.0 + phase * 0.7).sin() * 0.2;
    base - amplitude * (0.5 + 0.5 * s) - amplitude * 0.6 * (1.0 - (2.0 * x - 1.0).powi(2))
}

/// The heights of the far and the near ridge at `x` (0 to 1), looked up
/// in a table of one entry a column, computed once.
fn ridges_at(x: f32) -> [f32; 2] {
    static TABLE: OnceLock<Vec<[f32; 2]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..SIDE)
            .map(|px| {
                let x = (px as f32 + 0.5) / SIDE as f32;
                [ridge(x, 0.56, 0.16, 1.0), ridge(x, 0.66, 0.12, 4.0)]
            })
            .collect()
    });
    table[((x * SIDE as f32) as usize).min(SIDE - 1)]
}

/// A pseudo-random number from 0 to 1 for the pixel at `x`, `y` (each 0
/// to 1), fixed forever.
fn speckle(x: f32, y: f32) -> f32 {
    let (ix, iy) = ((x * SIDE as f32) as u64, (y * SIDE as f32) as u64);
    let mut z = (ix << 32 | iy).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (z >> 40) as f32 / (1u64 << 24) as f32
}

/// `sky` with stars in it, fewer and fainter towards the horizon.
fn stars(x: f32, y: f32, sky: [f32; 3]) -> [f32; 3] {
    let s = speckle(x, y);
    let chance = (0.45 - y).max(0.0) * 0.02;
    if s < chance {
        mix(sky, [255.0, 255.0, 240.0], 1.0 - y / 0.45)
    } else {
        sky
    }
}

/// The landscape's colour at `x`, `y` (each 0 to 1, `y` down).
fn landscape(x: f32, y: f32) -> [f32; 3] {
    const HORIZON: f32 = 0.62;
    let sun = (0.68, 0.42, 0.09);
    // The sky: deep blue at the top to orange at the horizon, lighter
    // towards the sun's side.
    let sky = |x: f32, y: f32| {
        let t = (y / HORIZON + 0.12 * (x - 0.5)).clamp(0.0, 1.0);
        if t < 0.55 {
            mix([30.0, 40.0, 110.0], [170.0, 80.0, 140.0], t / 0.55)
        } else {
            mix(
                [170.0, 80.0, 140.0],
                [255.0, 170.0, 70.0],
                (t - 0.55) / 0.45,
            )
        }
    };
    let disc = |x: f32, y: f32| -> Option<[f32; 3]> {
        let d = ((x - sun.0).powi(2) + (y - sun.1).powi(2)).sqrt();
        if d < sun.2 {
            Some(mix([255.0, 250.0, 200.0], [255.0, 200.0, 80.0], d / sun.2))
        } else {
            None
        }
    };
    let glow = |x: f32, y: f32, c: [f32; 3]| {
        let d = ((x - sun.0).powi(2) + (y - sun.1).powi(2)).sqrt();
        mix(
            c,
            [255.0, 220.0, 140.0],
            0.5 * (1.0 - smooth(sun.2, 0.35, d)),
        )
    };
    let [far, near] = ridges_at(x);
    if y < HORIZON {
        if y > near {
            // The near hills, green in shade.
            let t = (y - near) / (HORIZON - near + 1e-3);
            return mix([40.0, 90.0, 60.0], [20.0, 55.0, 45.0], t);
        }
        if y > far {
            // The far mountains, violet, with snow on the peaks.
            let c = mix([110.0, 80.0, 130.0], [70.0, 60.0, 110.0], (y - far) / 0.2);
            return if y - far < 0.015 && far < 0.36 {
                [235.0, 230.0, 245.0]
            } else {
                c
            };
        }
        return disc(x, y).unwrap_or_else(|| glow(x, y, stars(x, y, sky(x, y))));
    }
    // The lake: the sky mirrored, darker, with ripples.
    let depth = (y - HORIZON) / (1.0 - HORIZON);
    let ripple = ((y * 180.0).sin() * 0.004 + (x * 40.0 + y * 90.0).sin() * 0.002) * (1.0 + depth);
    let my = (2.0 * HORIZON - y + ripple).max(0.0);
    let mx = x + ripple;
    let [far_at_mx, near_at_mx] = ridges_at(mx);
    let mirrored = if my > near_at_mx {
        [30.0, 70.0, 55.0]
    } else if my > far_at_mx {
        [90.0, 70.0, 115.0]
    } else {
        disc(mx, my).unwrap_or_else(|| glow(mx, my, sky(mx, my)))
    };
    let water = mix(mirrored, [20.0, 40.0, 80.0], 0.35 + 0.4 * depth);
    // A shore of sand along the bottom.
    let shore = 0.93 + 0.03 * (x * 9.0).sin();
    if y > shore {
        mix(
            [200.0, 170.0, 110.0],
            [160.0, 120.0, 80.0],
            (y - shore) / 0.08,
        )
    } else {
        water
    }
}

/// A hue (0 to 1) as a bright colour.
fn hue(h: f32) -> [f32; 3] {
    let h = h.rem_euclid(1.0) * 6.0;
    let x = 1.0 - ((h % 2.0) - 1.0).abs();
    let (r, g, b) = match h as u32 {
        0 => (1.0, x, 0.0),
        1 => (x, 1.0, 0.0),
        2 => (0.0, 1.0, x),
        3 => (0.0, x, 1.0),
        4 => (x, 0.0, 1.0),
        _ => (1.0, 0.0, x),
    };
    [40.0 + 215.0 * r, 40.0 + 215.0 * g, 40.0 + 215.0 * b]
}

/// The rings' colour at `x`, `y` (each 0 to 1).
fn rings(x: f32, y: f32) -> [f32; 3] {
    let (dx, dy) = (x - 0.5, y - 0.5);
    let r = (dx * dx + dy * dy).sqrt();
    let angle = dy.atan2(dx) / std::f32::consts::TAU;
    let checker = ((x * 12.0) as i32 + (y * 12.0) as i32) % 2 == 0;
    // The squares are tinted along the diagonal, so that no two corners
    // of the picture look alike.
    let tint = hue(0.55 + 0.35 * x + 0.25 * y);
    let ground = if checker {
        mix([235.0, 230.0, 215.0], tint, 0.25)
    } else {
        mix([60.0, 60.0, 75.0], tint, 0.2)
    };
    if r > 0.47 {
        return ground;
    }
    let band = (r * 16.0).floor();
    if (r * 16.0).fract() < 0.12 {
        return [250.0, 250.0, 250.0];
    }
    // Each ring a hue, turning a little with the angle.
    // (periodic in the angle, so there is no seam).
    let turn = angle * std::f32::consts::TAU;
    hue(band / 8.0 + 0.08 * turn.sin() + 0.03 * (turn * 6.0).sin())
}

impl Image {
    /// The picture `which`, computed (the same pixels everywhere) once a
    /// process and copied from then on.
    pub fn builtin(which: Builtin) -> Image {
        static LANDSCAPE: OnceLock<Image> = OnceLock::new();
        static RINGS: OnceLock<Image> = OnceLock::new();
        let cell = match which {
            Landscape => &LANDSCAPE,
            Rings => &RINGS,
        };
        cell.get_or_init(|| Image::compute(which)).clone()
    }

    /// The picture `which`, computed.
    pub fn compute(which: Builtin) -> Image {
        let paint: fn(f32, f32) -> [f32; 3] = match which {
            Landscape => landscape,
            Rings => rings,
        };
        let mut rgba = Vec::with_capacity(SIDE * SIDE * 4);
        for py in 0..SIDE {
            for px in 0..SIDE {
                let c = paint(
                    (px as f32 + 0.5) / SIDE as f32,
                    (py as f32 + 0.5) / SIDE as f32,
                );
                rgba.extend(c.map(|v| v.round().clamp(0.0, 255.0) as u8));
                rgba.push(255);
            }
        }
        Image { side: SIDE, rgba }
    }

    /// A picture of any size (`width × height × 4` bytes of RGBA), cropped
    /// to its middle square and scaled to [`SIDE`]; transparent parts are
    /// laid on [`MATTE`].
    ///
    /// # Errors
    ///
    /// When the bytes do not match the size, or the size is empty.
    pub fn from_rgba(width: usize, height: usize, rgba: &[u8]) -> Result<Image, String> {
        if width == 0 || height == 0 || rgba.len() != width * height * 4 {
            return Err("the picture has no pixels".into());
        }
        let side = width.min(height);
        let (x0, y0) = ((width - side) / 2, (height - side) / 2);
        let mut out = Vec::with_capacity(SIDE * SIDE * 4);
        // Each pixel of the result averages the pixels of the source square
        // it covers (at least one).
        let span = |i: usize| {
            let start = i * side / SIDE;
            let end = ((i + 1) * side / SIDE).max(start + 1).min(side);
            start..end
        };
        for py in 0..SIDE {
            for px in 0..SIDE {
                let mut sum = [0u64; 4];
                let mut count = 0u64;
                for sy in span(py) {
                    let row = (y0 + sy) * width;
                    for sx in span(px) {
                        let i = (row + x0 + sx) * 4;
                        let a = u64::from(rgba[i + 3]);
                        for (k, s) in sum.iter_mut().take(3).enumerate() {
                            *s += u64::from(rgba[i + k]) * a + u64::from(MATTE[k]) * (255 - a);
                        }
                        count += 1;
                    }
                }
                for s in sum.iter().take(3) {
                    out.push(((s / 255 + count / 2) / count) as u8);
                }
                out.push(255);
            }
        }
        Ok(Image {
            side: SIDE,
            rgba: out,
        })
    }

    /// A picture from the bytes of a PNG or a JPEG file (told apart by
    /// their first bytes, whatever the file's name says), cropped to its
    /// middle square and scaled to [`SIDE`].
    ///
    /// # Errors
    ///
    /// What is wrong, in a player's words: neither PNG nor JPEG, damaged,
    /// too large.
    pub fn from_bytes(bytes: &[u8]) -> Result<Image, String> {
        if bytes.starts_with(JPEG_MAGIC) {
            Image::from_jpeg(bytes)
        } else if bytes.starts_with(PNG_MAGIC) {
            Image::from_png(bytes)
        } else {
            Err("That file is not a picture Slidey can read: it reads PNG and JPEG files.".into())
        }
    }

    /// A picture from the bytes of a JPEG file (baseline or progressive,
    /// colour or grey), cropped to its middle square and scaled to [`SIDE`].
    ///
    /// # Errors
    ///
    /// What is wrong, in a player's words: not a JPEG, damaged, too large.
    pub fn from_jpeg(bytes: &[u8]) -> Result<Image, String> {
        use zune_jpeg::zune_core::colorspace::ColorSpace;
        use zune_jpeg::zune_core::options::DecoderOptions;
        check_file_size(bytes)?;
        if !bytes.starts_with(JPEG_MAGIC) {
            return Err("That file is not a JPEG picture.".into());
        }
        let options = DecoderOptions::default()
            .jpeg_set_out_colorspace(ColorSpace::RGBA)
            .set_max_width(MAX_FILE_SIDE as usize)
            .set_max_height(MAX_FILE_SIDE as usize);
        let mut decoder =
            zune_jpeg::JpegDecoder::new_with_options(std::io::Cursor::new(bytes), options);
        let rgba = decoder
            .decode()
            .map_err(|e| format!("That JPEG picture cannot be read: {e:?}."))?;
        let (w, h) = decoder
            .dimensions()
            .ok_or_else(|| "That JPEG picture cannot be read.".to_owned())?;
        if decoder.output_colorspace() != Some(ColorSpace::RGBA) {
            return Err("That JPEG picture's colours cannot be read.".into());
        }
        Image::from_rgba(w, h, &rgba)
    }

    /// A picture from the bytes of a PNG file: decoded (any colour type and
    /// depth), cropped to its middle square and scaled to [`SIDE`].
    ///
    /// # Errors
    ///
    /// What is wrong, in a player's words: not a PNG, damaged, too large.
    pub fn from_png(bytes: &[u8]) -> Result<Image, String> {
        check_file_size(bytes)?;
        if !bytes.starts_with(PNG_MAGIC) {
            return Err("That file is not a PNG picture.".into());
        }
        let mut decoder = png::Decoder::new_with_limits(
            std::io::Cursor::new(bytes),
            png::Limits {
                bytes: 256 * 1024 * 1024,
            },
        );
        decoder.set_transformations(png::Transformations::normalize_to_color8());
        let damaged = |e: png::DecodingError| format!("That PNG picture cannot be read: {e}.");
        let mut reader = decoder.read_info().map_err(damaged)?;
        let (width, height) = reader.info().size();
        if width > MAX_FILE_SIDE || height > MAX_FILE_SIDE {
            return Err(format!(
                "That picture is {width}×{height} pixels; Slidey takes pictures of up to {MAX_FILE_SIDE} pixels a side."
            ));
        }
        let size = reader
            .output_buffer_size()
            .ok_or_else(|| "That PNG picture is too large to read.".to_owned())?;
        let mut buffer = vec![0; size];
        let info = reader.next_frame(&mut buffer).map_err(damaged)?;
        let (w, h) = (info.width as usize, info.height as usize);
        let line = info.line_size;
        let mut rgba = Vec::with_capacity(w * h * 4);
        for y in 0..h {
            let row = &buffer[y * line..];
            for x in 0..w {
                let px: [u8; 4] = match info.color_type {
                    png::ColorType::Grayscale => [row[x]; 3].into_rgba(255),
                    png::ColorType::GrayscaleAlpha => [row[2 * x]; 3].into_rgba(row[2 * x + 1]),
                    png::ColorType::Rgb => {
                        [row[3 * x], row[3 * x + 1], row[3 * x + 2]].into_rgba(255)
                    }
                    png::ColorType::Rgba => {
                        [row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]]
                    }
                    png::ColorType::Indexed => {
                        return Err("That PNG picture's palette could not be read.".into());
                    }
                };
                rgba.extend(px);
            }
        }
        Image::from_rgba(w, h, &rgba)
    }

    /// The picture as the bytes of a PNG file (to remember the player's
    /// choice).
    pub fn to_png(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut bytes, self.side as u32, self.side as u32);
            encoder.set_color(png::ColorType::Rgba);
            encoder.set_depth(png::BitDepth::Eight);
            // Writing to a Vec cannot fail, and the size matches.
            let mut writer = encoder.write_header().expect("a PNG header");
            writer.write_image_data(&self.rgba).expect("the pixels");
            writer.finish().expect("the end of the PNG");
        }
        bytes
    }

    /// Pixels a side.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The pixels, row by row.
    pub fn pixels(&self) -> &[u8] {
        &self.rgba
    }

    /// The colour of the pixel at `x`, `y`.
    pub fn pixel(&self, x: usize, y: usize) -> [u8; 4] {
        let i = (y * self.side + x) * 4;
        [
            self.rgba[i],
            self.rgba[i + 1],
            self.rgba[i + 2],
            self.rgba[i + 3],
        ]
    }

    /// The picture cut into `n × n` tiles, in reading order: tile `k`
    /// (from 1) is element `k − 1`, the bottom-right corner's piece last.
    pub fn cut(&self, n: usize) -> Vec<Tile> {
        let side = self.side / n;
        let mut tiles = Vec::with_capacity(n * n);
        for row in 0..n {
            for col in 0..n {
                let mut rgba = Vec::with_capacity(side * side * 4);
                for y in 0..side {
                    let start = ((row * side + y) * self.side + col * side) * 4;
                    rgba.extend_from_slice(&self.rgba[start..start + side * 4]);
                }
                tiles.push(Tile { side, rgba });
            }
        }
        tiles
    }
}

/// The first bytes of every PNG file.
const PNG_MAGIC: &[u8] = b"\x89PNG\r\n\x1a\n";
/// The first bytes of every JPEG file.
const JPEG_MAGIC: &[u8] = b"\xff\xd8\xff";

/// Refuses a file larger than [`MAX_FILE_BYTES`].
fn check_file_size(bytes: &[u8]) -> Result<(), String> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(format!(
            "That picture's file is {} MiB; Slidey takes files of up to {} MiB.",
            bytes.len() / (1024 * 1024),
            MAX_FILE_BYTES / (1024 * 1024)
        ));
    }
    Ok(())
}

/// An RGB colour with an alpha added.
trait IntoRgba {
    fn into_rgba(self, alpha: u8) -> [u8; 4];
}

impl IntoRgba for [u8; 3] {
    fn into_rgba(self, alpha: u8) -> [u8; 4] {
        [self[0], self[1], self[2], alpha]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG of `width × height` of `color_type` made by `pixel`.
    fn png_of(
        width: u32,
        height: u32,
        color_type: png::ColorType,
        pixel: impl Fn(u32, u32) -> Vec<u8>,
    ) -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(color_type);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().unwrap();
        let mut data = Vec::new();
        for y in 0..height {
            for x in 0..width {
                data.extend(pixel(x, y));
            }
        }
        writer.write_image_data(&data).unwrap();
        writer.finish().unwrap();
        bytes
    }

    #[test]
    fn the_builtin_pictures_are_colourful_opaque_and_fixed() {
        for which in Builtin::ALL {
            let image = Image::builtin(which);
            assert_eq!(image.side(), SIDE);
            assert!(image.pixels().chunks(4).all(|p| p[3] == 255));
            // Many colours, not a flat fill.
            let mut colours: Vec<[u8; 3]> = image
                .pixels()
                .chunks(4)
                .step_by(37)
                .map(|p| [p[0] / 16, p[1] / 16, p[2] / 16])
                .collect();
            colours.sort();
            colours.dedup();
            assert!(colours.len() > 40, "{which:?}: {}", colours.len());
            assert_eq!(image, Image::builtin(which));
        }
        // The landscape: a blue sky at the top, a sandy shore at the bottom.
        let land = Image::builtin(Landscape);
        let [r, g, b, _] = land.pixel(10, 5);
        assert!(b > r && b > g, "sky {r} {g} {b}");
        let [r, g, b, _] = land.pixel(240, SIDE - 3);
        assert!(r > b && g > b, "sand {r} {g} {b}");
        // The rings: white between rings.
        assert_ne!(Image::builtin(Rings), land);
    }

    #[test]
    fn no_two_tiles_of_the_games_pictures_look_alike() {
        // Otherwise a player could see the picture whole while the game
        // does not.
        for which in Builtin::ALL {
            let image = Image::builtin(which);
            for n in 3..=6 {
                let mut tiles = image.cut(n);
                tiles.sort_by(|a, b| a.rgba.cmp(&b.rgba));
                tiles.dedup();
                assert_eq!(tiles.len(), n * n, "{which:?} cut {n}×{n}");
            }
        }
    }

    #[test]
    fn tiles_are_the_pictures_pieces_in_reading_order() {
        let image = Image::builtin(Landscape);
        for n in 3..=6 {
            let tiles = image.cut(n);
            let side = SIDE / n;
            assert_eq!(tiles.len(), n * n);
            for (k, tile) in tiles.iter().enumerate() {
                let (row, col) = (k / n, k % n);
                assert_eq!(tile.side, side);
                assert_eq!(tile.rgba.len(), side * side * 4);
                for (x, y) in [(0, 0), (side - 1, 0), (3, side - 1), (side / 2, side / 3)] {
                    assert_eq!(
                        tile.pixel(x, y),
                        image.pixel(col * side + x, row * side + y),
                        "n {n} tile {k} at {x},{y}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_wide_png_is_cropped_to_its_middle_square() {
        // 300 × 100: left third red, middle third green, right third blue.
        let png = png_of(300, 100, png::ColorType::Rgb, |x, _| match x / 100 {
            0 => vec![255, 0, 0],
            1 => vec![0, 255, 0],
            _ => vec![0, 0, 255],
        });
        let image = Image::from_png(&png).unwrap();
        assert_eq!(image.side(), SIDE);
        // Only the green middle is left, scaled up.
        for (x, y) in [(0, 0), (SIDE - 1, SIDE - 1), (SIDE / 2, 7)] {
            assert_eq!(image.pixel(x, y), [0, 255, 0, 255]);
        }
    }

    #[test]
    fn a_tall_png_is_cropped_and_scaled_down_by_averaging() {
        // 960 × 1200: the middle square is rows 120..1080; within it the
        // top half is black and the bottom half white, and every other
        // column is grey 100 and 200 (averaging to 150).
        let png = png_of(960, 1200, png::ColorType::Grayscale, |x, y| {
            if !(120..1080).contains(&y) {
                vec![77]
            } else if y < 600 {
                vec![0]
            } else if x % 2 == 0 {
                vec![100]
            } else {
                vec![200]
            }
        });
        let image = Image::from_png(&png).unwrap();
        assert_eq!(image.pixel(0, 0), [0, 0, 0, 255]);
        assert_eq!(image.pixel(100, SIDE / 2 - 1), [0, 0, 0, 255]);
        assert_eq!(image.pixel(100, SIDE / 2), [150, 150, 150, 255]);
        assert_eq!(image.pixel(SIDE - 1, SIDE - 1), [150, 150, 150, 255]);
    }

    #[test]
    fn transparency_is_laid_on_the_matte() {
        let png = png_of(2, 2, png::ColorType::Rgba, |x, _| {
            if x == 0 {
                vec![255, 255, 255, 0]
            } else {
                vec![10, 20, 30, 255]
            }
        });
        let image = Image::from_png(&png).unwrap();
        assert_eq!(image.pixel(0, 0), [MATTE[0], MATTE[1], MATTE[2], 255]);
        assert_eq!(image.pixel(SIDE - 1, 0), [10, 20, 30, 255]);
        let grey_alpha = png_of(1, 1, png::ColorType::GrayscaleAlpha, |_, _| vec![90, 255]);
        assert_eq!(
            Image::from_png(&grey_alpha).unwrap().pixel(5, 5),
            [90, 90, 90, 255]
        );
    }

    proptest::proptest! {
        // Each case scales a whole picture: a few dozen are plenty.
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(40))]

        #[test]
        fn any_size_is_cropped_to_its_middle_square_and_scaled(
            width in 1usize..500, height in 1usize..500, colour in proptest::array::uniform3(0u8..=255)
        ) {
            // The middle square is `colour`; the rest of the picture black.
            let side = width.min(height);
            let (x0, y0) = ((width - side) / 2, (height - side) / 2);
            let mut rgba = Vec::with_capacity(width * height * 4);
            for y in 0..height {
                for x in 0..width {
                    let inside = (x0..x0 + side).contains(&x) && (y0..y0 + side).contains(&y);
                    rgba.extend(if inside { [colour[0], colour[1], colour[2], 255] } else { [0, 0, 0, 255] });
                }
            }
            let image = Image::from_rgba(width, height, &rgba).unwrap();
            proptest::prop_assert_eq!(image.side(), SIDE);
            for (x, y) in [(0, 0), (SIDE - 1, 0), (0, SIDE - 1), (SIDE - 1, SIDE - 1), (SIDE / 2, SIDE / 3)] {
                proptest::prop_assert_eq!(image.pixel(x, y), [colour[0], colour[1], colour[2], 255]);
            }
        }
    }

    #[test]
    fn the_remembered_png_reads_back_as_the_same_picture() {
        let image = Image::builtin(Rings);
        assert_eq!(Image::from_png(&image.to_png()), Ok(image));
    }

    fn fixture(name: &str) -> Vec<u8> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name);
        std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// Whether two colours are within JPEG's loss of each other.
    fn near(a: [u8; 4], b: [u8; 4]) -> bool {
        a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= 6)
    }

    #[test]
    fn jpegs_are_decoded_cropped_and_scaled() {
        // 60 × 40, the left half red and the right half blue: the middle
        // square is half of each.
        for name in ["halves.jpg", "halves-progressive.jpg"] {
            let image = Image::from_bytes(&fixture(name)).unwrap();
            assert_eq!(image.side(), SIDE);
            assert!(
                near(image.pixel(10, 10), [208, 32, 32, 255]),
                "{name}: {:?}",
                image.pixel(10, 10)
            );
            assert!(
                near(image.pixel(SIDE - 10, SIDE - 10), [32, 64, 208, 255]),
                "{name}"
            );
            assert_eq!(Image::from_jpeg(&fixture(name)), Ok(image));
        }
        let grey = Image::from_bytes(&fixture("grey.jpg")).unwrap();
        assert!(
            near(grey.pixel(200, 300), [90, 90, 90, 255]),
            "{:?}",
            grey.pixel(200, 300)
        );
        let jpeg = fixture("halves.jpg");
        let cut = Image::from_bytes(&jpeg[..jpeg.len() / 2]);
        assert!(cut.is_err() || cut.is_ok(), "a cut JPEG never panics");
        assert!(
            Image::from_bytes(&jpeg[..10])
                .unwrap_err()
                .starts_with("That JPEG picture cannot be read")
        );
        assert_eq!(
            Image::from_png(&jpeg),
            Err("That file is not a PNG picture.".into())
        );
    }

    #[test]
    fn bad_bytes_are_refused_in_words() {
        assert_eq!(
            Image::from_bytes(b"GIF89a...."),
            Err("That file is not a picture Slidey can read: it reads PNG and JPEG files.".into())
        );
        assert_eq!(
            Image::from_jpeg(b"\x89PNG\r\n\x1a\n"),
            Err("That file is not a JPEG picture.".into())
        );
        let png = png_of(4, 4, png::ColorType::Rgb, |_, _| vec![1, 2, 3]);
        let cut = Image::from_png(&png[..png.len() - 20]).unwrap_err();
        assert!(cut.starts_with("That PNG picture cannot be read"), "{cut}");
        assert!(Image::from_rgba(0, 0, &[]).is_err());
        assert!(Image::from_rgba(2, 2, &[0; 15]).is_err());
    }
}
