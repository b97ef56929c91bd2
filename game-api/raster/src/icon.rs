//! The one icon maker: each game's `examples/make_icon.rs` only draws its
//! 32 × 32 console icon and hands the drawing here, which reads the command
//! line, renders, writes the PNG and says where.
//!
//! The command line is `[PATH] [SCALE]`: the icon goes to `PATH`, or to
//! `<the game's folder>/<its file name>` without one; `SCALE` magnifies a
//! drawn icon (2 draws it 64 × 64), to look at it closely.
//!
//! ```no_run
//! use game_api::{Point, Rgba, Style};
//! fn main() {
//!     game_raster::icon::make_icon(env!("CARGO_MANIFEST_DIR"), "dot.png", |p| {
//!         p.circle(Point::new(16.0, 16.0), 12.0, Style::solid(Rgba::rgb(200, 30, 30)));
//!     });
//! }
//! ```
//!
//! Icons drawn square by square, without anti-aliasing, are built as
//! [`Pixels`] and written with [`make_pixel_icon`].

use crate::render_png;
use game_api::{Painter, Rgba};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// An icon's side, in pixels.
pub const SIDE: u32 = 32;

/// What the command line asks of the icon maker.
#[derive(Clone, Debug, PartialEq)]
pub struct IconArgs {
    /// Where the PNG goes.
    pub path: PathBuf,
    /// How much a drawn icon is magnified (1 without a second argument, or
    /// with one that is not a positive number).
    pub scale: f32,
}

impl IconArgs {
    /// Reads `[PATH] [SCALE]` from `args` (the program's name left out);
    /// without a path, the icon is `file` in `game_dir`.
    ///
    /// ```
    /// use game_raster::icon::IconArgs;
    /// let args = IconArgs::parse(["/tmp/x.png".into(), "4".into()], "/games/dots", "dots.png");
    /// assert_eq!((args.path.to_str(), args.scale), (Some("/tmp/x.png"), 4.0));
    /// let args = IconArgs::parse([], "/games/dots", "dots.png");
    /// assert_eq!((args.path.to_str(), args.scale), (Some("/games/dots/dots.png"), 1.0));
    /// ```
    pub fn parse(args: impl IntoIterator<Item = OsString>, game_dir: &str, file: &str) -> IconArgs {
        let mut args = args.into_iter();
        let path = args
            .next()
            .map_or_else(|| Path::new(game_dir).join(file), PathBuf::from);
        let scale = args
            .next()
            .and_then(|s| s.to_str()?.parse::<f32>().ok())
            .filter(|s| s.is_finite() && *s > 0.0)
            .unwrap_or(1.0);
        IconArgs { path, scale }
    }

    /// [`IconArgs::parse`] of this program's command line.
    pub fn from_env(game_dir: &str, file: &str) -> IconArgs {
        IconArgs::parse(std::env::args_os().skip(1), game_dir, file)
    }
}

/// Draws the icon with `draw` on a transparent [`SIDE`] × [`SIDE`] canvas
/// and writes it where the command line says ([`IconArgs`]), `file` in
/// `game_dir` (the game's `env!("CARGO_MANIFEST_DIR")`) by default.
///
/// # Panics
///
/// When the file cannot be written: the icon maker is a developer's tool
/// run by hand, and the message says which file and why.
pub fn make_icon(game_dir: &str, file: &str, draw: impl FnOnce(&mut dyn Painter)) {
    let args = IconArgs::from_env(game_dir, file);
    write(&args.path, &render_png(SIDE, SIDE, args.scale, draw));
}

/// Writes `pixels` as the icon, where the command line says
/// ([`IconArgs`]; a scale is not used: such an icon is its pixels).
///
/// # Panics
///
/// As [`make_icon`].
pub fn make_pixel_icon(game_dir: &str, file: &str, pixels: &Pixels) {
    write_icon(game_dir, file, &pixels.to_png());
}

/// Writes `png`, an icon made otherwise (as one a test compares with the
/// committed file), where the command line says ([`IconArgs`]; a scale is
/// not used).
///
/// # Panics
///
/// As [`make_icon`].
pub fn write_icon(game_dir: &str, file: &str, png: &[u8]) {
    write(&IconArgs::from_env(game_dir, file).path, png);
}

/// Writes a game's other pictures (its manual's, an icon drawn with
/// them): each `(name, png)` to `name` under the folder the command line
/// names, or under `game_dir` without one, folders made as needed.
///
/// # Panics
///
/// As [`make_icon`].
pub fn make_pictures(game_dir: &str, pictures: Vec<(&str, Vec<u8>)>) {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from(game_dir), PathBuf::from);
    for (name, png) in pictures {
        let path = dir.join(name);
        if let Some(parent) = path.parent()
            && let Err(e) = std::fs::create_dir_all(parent)
        {
            panic!("cannot make the folder {}: {e}", parent.display());
        }
        write(&path, &png);
    }
}

fn write(path: &Path, png: &[u8]) {
    if let Err(e) = std::fs::write(path, png) {
        panic!("cannot write the icon {}: {e}", path.display());
    }
    println!("wrote {}", path.display());
}

/// A square picture built pixel by pixel, hard-edged (no anti-aliasing):
/// for icons drawn square by square, as a board's cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Pixels {
    side: usize,
    pixels: Vec<Rgba>,
}

impl Pixels {
    /// A [`SIDE`] × [`SIDE`] picture of `background`.
    pub fn new(background: Rgba) -> Pixels {
        Pixels::with_side(SIDE as usize, background)
    }

    /// A `side` × `side` picture of `background`.
    pub fn with_side(side: usize, background: Rgba) -> Pixels {
        Pixels {
            side,
            pixels: vec![background; side * side],
        }
    }

    /// The picture's side, in pixels.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The colour at (`x`, `y`), if inside.
    pub fn get(&self, x: usize, y: usize) -> Option<Rgba> {
        (x < self.side && y < self.side).then(|| self.pixels[y * self.side + x])
    }

    /// Sets the pixel at (`x`, `y`); nothing outside the picture.
    pub fn set(&mut self, x: usize, y: usize, color: Rgba) {
        if x < self.side && y < self.side {
            self.pixels[y * self.side + x] = color;
        }
    }

    /// Fills the `w` × `h` rectangle whose top-left pixel is (`x0`, `y0`),
    /// as far as it is inside.
    pub fn fill(&mut self, x0: usize, y0: usize, w: usize, h: usize, color: Rgba) {
        for y in y0..(y0 + h).min(self.side) {
            for x in x0..(x0 + w).min(self.side) {
                self.pixels[y * self.side + x] = color;
            }
        }
    }

    /// Paints every pixel `f` gives a colour for, given its column and row.
    pub fn paint(&mut self, mut f: impl FnMut(usize, usize) -> Option<Rgba>) {
        for y in 0..self.side {
            for x in 0..self.side {
                if let Some(color) = f(x, y) {
                    self.pixels[y * self.side + x] = color;
                }
            }
        }
    }

    /// Fills every pixel whose centre is at most `r` from (`cx`, `cy`).
    pub fn disc(&mut self, cx: f32, cy: f32, r: f32, color: Rgba) {
        self.paint(|x, y| {
            let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
            (dx * dx + dy * dy <= r * r).then_some(color)
        });
    }

    /// The picture as an 8-bit RGBA PNG file.
    pub fn to_png(&self) -> Vec<u8> {
        let rgba: Vec<u8> = self
            .pixels
            .iter()
            .flat_map(|p| [p.r, p.g, p.b, p.a])
            .collect();
        crate::encode_png(self.side as u32, self.side as u32, &rgba)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_disc_and_a_fill_are_the_pixels_they_cover_and_no_more() {
        let (red, blue) = (Rgba::rgb(255, 0, 0), Rgba::rgb(0, 0, 255));
        let mut p = Pixels::with_side(8, Rgba::with_alpha(0, 0, 0, 0));
        p.fill(6, 6, 5, 5, blue);
        assert_eq!(p.get(7, 7), Some(blue), "clipped at the edge");
        assert_eq!(p.get(5, 7), Some(Rgba::with_alpha(0, 0, 0, 0)));
        p.disc(2.0, 2.0, 1.0, red);
        let reds: Vec<(usize, usize)> = (0..8)
            .flat_map(|y| (0..8).map(move |x| (x, y)))
            .filter(|&(x, y)| p.get(x, y) == Some(red))
            .collect();
        assert_eq!(reds, [(1, 1), (2, 1), (1, 2), (2, 2)]);
        let (w, h, bytes) = crate::decode_png(&p.to_png()).unwrap();
        assert_eq!(
            (w, h, &bytes[(9 * 4)..(9 * 4 + 4)]),
            (8, 8, &[255, 0, 0, 255][..])
        );
    }
}
