//! The pictures the puzzle cuts into tiles: square RGBA images, the
//! game's own (computed here, the same on every machine) or the player's
//! (decoded from the bytes of a PNG or JPEG file, cropped to its middle
//! square and scaled), and the tiles cut from them.
//!
//! ```
//! use slidey::picture::{Image, Landscape, SIDE};
//! let image = Image::builtin(Landscape);
//! assert_eq!((image.side(), image.pixels().len()), (SIDE, SIDE * SIDE * 4));
//! let tiles = image.cut(4, 4);
//! assert_eq!(tiles.len(), 16);
//! assert_eq!((tiles[0].width, tiles[0].height), (SIDE / 4, SIDE / 4));
//! // 7 across and 3 down: the tiles are 68 or 69 pixels wide.
//! let tiles = image.cut(7, 3);
//! assert_eq!((tiles[0].width, tiles[1].width, tiles[0].height), (68, 69, 160));
//! ```

use std::fmt;
use std::sync::OnceLock;

pub use Builtin::{Landscape, Rings};

/// The side of every picture, in pixels: 480, which 3, 4, 5 and 6 divide.
pub const SIDE: usize = 480;

/// The most bytes a picture's file may have: as many as the launcher
/// gives a game from its file dialog.
pub const MAX_FILE_BYTES: usize = game_api::MAX_CHOSEN_FILE_BYTES;

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
    /// Pixels across.
    pub width: usize,
    /// Pixels down.
    pub height: usize,
    /// `width × height × 4` bytes, as [`Image`]'s.
    pub rgba: Vec<u8>,
}

impl Tile {
    /// The colour of the pixel at `x`, `y` of the tile.
    pub fn pixel(&self, x: usize, y: usize) -> [u8; 4] {
        let i = (y * self.width + x) * 4;
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
        let mut shrink = Shrink::new(width, height);
        for (y, row) in rgba.chunks_exact(width * 4).enumerate() {
            shrink.row(y, row, 4);
        }
        Ok(shrink.finish())
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
    /// colour or grey, of up to [`MAX_PIXELS`]), turned upright as the
    /// camera's orientation tag says, cropped to its middle square and
    /// scaled to [`SIDE`].
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
        // The decoder's own limits (8192 a side by default) would refuse a
        // camera's picture in its words: the size is checked here instead.
        let options = DecoderOptions::default()
            .jpeg_set_out_colorspace(ColorSpace::RGB)
            .set_max_width(usize::from(u16::MAX))
            .set_max_height(usize::from(u16::MAX));
        let mut decoder =
            zune_jpeg::JpegDecoder::new_with_options(std::io::Cursor::new(bytes), options);
        const DAMAGED: &str = "That JPEG picture cannot be read: the file is damaged or cut short.";
        decoder.decode_headers().map_err(|_| DAMAGED.to_owned())?;
        let (width, height) = decoder.dimensions().ok_or_else(|| DAMAGED.to_owned())?;
        check_pixels(width, height, 3)?;
        if decoder.output_colorspace() != Some(ColorSpace::RGB) {
            return Err("That JPEG picture's colours cannot be read.".into());
        }
        let size = decoder
            .output_buffer_size()
            .ok_or_else(|| DAMAGED.to_owned())?;
        let mut rgb = buffer(size, width, height)?;
        decoder
            .decode_into(&mut rgb)
            .map_err(|_| DAMAGED.to_owned())?;
        let orientation = decoder.exif().map_or(1, |exif| exif_orientation(exif));
        drop(decoder);
        let mut shrink = Shrink::new(width, height);
        for (y, row) in rgb.chunks_exact(width * 3).enumerate() {
            shrink.row(y, row, 3);
        }
        Ok(shrink.finish().oriented(orientation))
    }

    /// A picture from the bytes of a PNG file (any colour type and depth, of
    /// up to [`MAX_PIXELS`]): decoded row by row, cropped to its middle
    /// square and scaled to [`SIDE`].
    ///
    /// # Errors
    ///
    /// What is wrong, in a player's words: not a PNG, damaged, too large.
    pub fn from_png(bytes: &[u8]) -> Result<Image, String> {
        check_file_size(bytes)?;
        if !bytes.starts_with(PNG_MAGIC) {
            return Err("That file is not a PNG picture.".into());
        }
        const DAMAGED: &str = "That PNG picture cannot be read: the file is damaged or cut short.";
        let mut decoder = png::Decoder::new_with_limits(
            std::io::Cursor::new(bytes),
            png::Limits {
                bytes: MAX_DECODED_BYTES,
            },
        );
        decoder.set_transformations(png::Transformations::normalize_to_color8());
        // The size first, from the header alone.
        let (width, height) = decoder
            .read_header_info()
            .map_err(|_| DAMAGED.to_owned())?
            .size();
        check_pixels(width as usize, height as usize, 0)?;
        let mut reader = decoder.read_info().map_err(|_| DAMAGED.to_owned())?;
        let (width, height) = reader.info().size();
        let (width, height) = (width as usize, height as usize);
        let interlaced = reader.info().interlaced;
        let channels = match reader.output_color_type().0 {
            png::ColorType::Grayscale => 1,
            png::ColorType::GrayscaleAlpha => 2,
            png::ColorType::Rgb => 3,
            png::ColorType::Rgba => 4,
            png::ColorType::Indexed => {
                return Err("That PNG picture's palette could not be read.".into());
            }
        };
        // A row at a time where the file allows it; an interlaced file's
        // rows come in seven passes, so it is decoded whole.
        check_pixels(width, height, if interlaced { channels } else { 0 })?;
        let mut shrink = Shrink::new(width, height);
        if interlaced {
            let size = reader
                .output_buffer_size()
                .ok_or_else(|| DAMAGED.to_owned())?;
            let mut buffer = buffer(size, width, height)?;
            let info = reader
                .next_frame(&mut buffer)
                .map_err(|_| DAMAGED.to_owned())?;
            for (y, row) in buffer.chunks(info.line_size).take(height).enumerate() {
                shrink.row(y, &row[..width * channels], channels);
            }
        } else {
            for y in 0..height {
                let row = reader
                    .next_row()
                    .map_err(|_| DAMAGED.to_owned())?
                    .ok_or_else(|| DAMAGED.to_owned())?;
                shrink.row(y, &row.data()[..width * channels], channels);
            }
            // The file's end too, as a whole frame's decoding checks it.
            reader.finish().map_err(|_| DAMAGED.to_owned())?;
        }
        Ok(shrink.finish())
    }

    /// This square picture turned as an EXIF orientation (1 to 8) asks,
    /// so that a camera's picture stands upright. The middle square of a
    /// turned picture is the turned middle square, so turning after the
    /// crop and scaling is the same and costs little.
    fn oriented(self, orientation: u16) -> Image {
        if !(2..=8).contains(&orientation) {
            return self;
        }
        let n = self.side;
        let mut rgba = vec![0; self.rgba.len()];
        for y in 0..n {
            for x in 0..n {
                // Where the pixel shown at (x, y) is stored.
                let (sx, sy) = match orientation {
                    2 => (n - 1 - x, y),
                    3 => (n - 1 - x, n - 1 - y),
                    4 => (x, n - 1 - y),
                    5 => (y, x),
                    6 => (y, n - 1 - x),
                    7 => (n - 1 - y, n - 1 - x),
                    _ => (n - 1 - y, x),
                };
                let (to, from) = ((y * n + x) * 4, (sy * n + sx) * 4);
                rgba[to..to + 4].copy_from_slice(&self.rgba[from..from + 4]);
            }
        }
        Image { side: n, rgba }
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

    /// The picture cut into `cols` across and `rows` down, in reading
    /// order: tile `k` (from 1) is element `k − 1`, the bottom-right
    /// corner's piece last. Where the side does not divide, the tiles
    /// differ by a pixel (column `c` starts at `c × side / cols`).
    pub fn cut(&self, cols: usize, rows: usize) -> Vec<Tile> {
        let edge = |i: usize, n: usize| i * self.side / n;
        let mut tiles = Vec::with_capacity(cols * rows);
        for row in 0..rows {
            let (top, bottom) = (edge(row, rows), edge(row + 1, rows));
            for col in 0..cols {
                let (left, right) = (edge(col, cols), edge(col + 1, cols));
                let width = right - left;
                let mut rgba = Vec::with_capacity(width * (bottom - top) * 4);
                for y in top..bottom {
                    let start = (y * self.side + left) * 4;
                    rgba.extend_from_slice(&self.rgba[start..start + width * 4]);
                }
                tiles.push(Tile {
                    width,
                    height: bottom - top,
                    rgba,
                });
            }
        }
        tiles
    }
}

/// The first bytes of every PNG file.
const PNG_MAGIC: &[u8] = b"\x89PNG\r\n\x1a\n";
/// The first bytes of every JPEG file.
const JPEG_MAGIC: &[u8] = b"\xff\xd8\xff";

/// The most pixels a picture's file may have: 200 million, a camera's
/// largest (a 200-megapixel phone's picture is 16320×12240).
pub const MAX_PIXELS: usize = 200_000_000;

/// The most memory a picture may take while it is decoded whole (a JPEG,
/// 3 bytes a pixel; an interlaced PNG, up to 4): 640 MiB, within the 2 GiB
/// the launcher gives a game, so that the largest camera picture fits.
pub const MAX_DECODED_BYTES: usize = 640 * 1024 * 1024;

/// Refuses a picture of more than [`MAX_PIXELS`] or, decoded whole at
/// `bytes_per_pixel` (0 when it is read a row at a time), more than
/// [`MAX_DECODED_BYTES`].
fn check_pixels(width: usize, height: usize, bytes_per_pixel: usize) -> Result<(), String> {
    let pixels = width.saturating_mul(height);
    if width == 0 || height == 0 {
        return Err("That picture has no pixels.".into());
    }
    if pixels > MAX_PIXELS || pixels.saturating_mul(bytes_per_pixel) > MAX_DECODED_BYTES {
        let limit = MAX_PIXELS.min(MAX_DECODED_BYTES / bytes_per_pixel.max(1));
        return Err(format!(
            "That picture is {width}×{height} pixels ({} megapixels); Slidey takes pictures of up to {} megapixels.",
            pixels.div_ceil(1_000_000),
            limit / 1_000_000
        ));
    }
    Ok(())
}

/// A zeroed buffer of `size` bytes for a `width × height` picture, or,
/// when the memory is not there, a refusal in words (where a plain
/// allocation would end the game).
fn buffer(size: usize, width: usize, height: usize) -> Result<Vec<u8>, String> {
    let mut buffer = Vec::new();
    buffer.try_reserve_exact(size).map_err(|_| {
        format!("That picture is {width}×{height} pixels: there is not the memory to read it.")
    })?;
    buffer.resize(size, 0);
    Ok(buffer)
}

/// The orientation (1 to 8) an EXIF block, from its TIFF header, gives
/// its picture; 1 (as stored) when it says none or cannot be read.
fn exif_orientation(exif: &[u8]) -> u16 {
    let exif = exif.strip_prefix(b"Exif\0\0").unwrap_or(exif);
    let big = match exif.get(..2) {
        Some(b"MM") => true,
        Some(b"II") => false,
        _ => return 1,
    };
    let u16_at = |at: usize| -> Option<u16> {
        let b: [u8; 2] = exif.get(at..at + 2)?.try_into().ok()?;
        Some(if big {
            u16::from_be_bytes(b)
        } else {
            u16::from_le_bytes(b)
        })
    };
    let u32_at = |at: usize| -> Option<u32> {
        let b: [u8; 4] = exif.get(at..at + 4)?.try_into().ok()?;
        Some(if big {
            u32::from_be_bytes(b)
        } else {
            u32::from_le_bytes(b)
        })
    };
    let find = || -> Option<u16> {
        let ifd = u32_at(4)? as usize;
        let count = usize::from(u16_at(ifd)?);
        (0..count).find_map(|i| {
            let entry = ifd + 2 + 12 * i;
            (u16_at(entry)? == 0x0112)
                .then(|| u16_at(entry + 8))
                .flatten()
        })
    };
    find().filter(|o| (1..=8).contains(o)).unwrap_or(1)
}

/// The middle square of a picture, fed a row at a time, scaled to
/// [`SIDE`]: each pixel of the result averages the pixels of the source
/// square it covers (at least one), transparent parts laid on [`MATTE`].
/// It holds only the result's sums, so a picture read row by row never
/// needs its whole self in memory.
struct Shrink {
    side: usize,
    x0: usize,
    y0: usize,
    /// For each row (and column) of the source's square, the result's rows
    /// (columns) it falls in: one when scaling down, several when up.
    spans: Vec<std::ops::Range<usize>>,
    /// Red, green and blue (times 255) and the count, per result pixel.
    sums: Vec<[u64; 4]>,
}

impl Shrink {
    fn new(width: usize, height: usize) -> Shrink {
        let side = width.min(height);
        // Every source row falls in at least one result row: the spans'
        // starts step by less than one when scaling up.
        let mut spans: Vec<Option<std::ops::Range<usize>>> = vec![None; side];
        for i in 0..SIDE {
            let start = i * side / SIDE;
            let end = ((i + 1) * side / SIDE).max(start + 1).min(side);
            for span in &mut spans[start..end] {
                *span = Some(span.as_ref().map_or(i, |s| s.start)..i + 1);
            }
        }
        let spans = spans.into_iter().map(Option::unwrap_or_default).collect();
        Shrink {
            side,
            x0: (width - side) / 2,
            y0: (height - side) / 2,
            spans,
            sums: vec![[0; 4]; SIDE * SIDE],
        }
    }

    /// Row `y` of the source, `channels` bytes a pixel (grey, grey and
    /// alpha, RGB or RGBA).
    fn row(&mut self, y: usize, row: &[u8], channels: usize) {
        let Some(sy) = y.checked_sub(self.y0).filter(|&sy| sy < self.side) else {
            return;
        };
        let rows = self.spans[sy].clone();
        for sx in 0..self.side {
            let p = &row[(self.x0 + sx) * channels..][..channels];
            let (rgb, a) = match channels {
                1 => ([p[0]; 3], 255),
                2 => ([p[0]; 3], p[1]),
                3 => ([p[0], p[1], p[2]], 255),
                _ => ([p[0], p[1], p[2]], p[3]),
            };
            let a = u64::from(a);
            let c: [u64; 3] =
                std::array::from_fn(|k| u64::from(rgb[k]) * a + u64::from(MATTE[k]) * (255 - a));
            for py in rows.clone() {
                for px in self.spans[sx].clone() {
                    let sum = &mut self.sums[py * SIDE + px];
                    for k in 0..3 {
                        sum[k] += c[k];
                    }
                    sum[3] += 1;
                }
            }
        }
    }

    fn finish(self) -> Image {
        let mut rgba = Vec::with_capacity(SIDE * SIDE * 4);
        for [r, g, b, count] in self.sums {
            let count = count.max(1);
            rgba.extend([r, g, b].map(|s| ((s / 255 + count / 2) / count) as u8));
            rgba.push(255);
        }
        Image { side: SIDE, rgba }
    }
}

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
        // Every cut of 2 to 6 across and down (finer cuts may have plain
        // tiles alike, which the manual says).
        for which in Builtin::ALL {
            let image = Image::builtin(which);
            for cols in 2..=6 {
                for rows in 2..=6 {
                    let mut tiles = image.cut(cols, rows);
                    tiles.sort_by(|a, b| a.rgba.cmp(&b.rgba));
                    tiles.dedup();
                    assert_eq!(tiles.len(), cols * rows, "{which:?} cut {cols}×{rows}");
                }
            }
        }
    }

    #[test]
    fn tiles_are_the_pictures_pieces_in_reading_order() {
        let image = Image::builtin(Landscape);
        for n in 3..=6 {
            let tiles = image.cut(n, n);
            let side = SIDE / n;
            assert_eq!(tiles.len(), n * n);
            for (k, tile) in tiles.iter().enumerate() {
                let (row, col) = (k / n, k % n);
                assert_eq!((tile.width, tile.height), (side, side));
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
