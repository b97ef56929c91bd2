//! A game drawn at a window's size, for the examples that show a layout:
//! their command line is `[PATH] [WIDTH] [HEIGHT] [MORE…]` (the picture,
//! the window's size, then what each example reads: a game ID, a number of
//! moves), and the picture is written and its path printed.
//!
//! ```no_run
//! use game_raster::window::WindowArgs;
//! let args = WindowArgs::from_env("table.png", 900.0, 650.0);
//! let moves = args.number(0, 0);
//! // … play `moves` moves, lay the game out at `args.size` …
//! args.write(|p| { /* game.draw(p) */ });
//! ```

use crate::render_png;
use game_api::{Painter, Point};

/// What the command line asks.
#[derive(Clone, Debug, PartialEq)]
pub struct WindowArgs {
    /// Where the picture goes.
    pub path: String,
    /// The window's canvas, in points (one pixel each).
    pub size: Point,
    /// The arguments after the size.
    pub more: Vec<String>,
}

impl WindowArgs {
    /// Reads `args` (the program's name left out), with these defaults
    /// where an argument is missing or not a number.
    ///
    /// ```
    /// use game_raster::window::WindowArgs;
    /// let args = WindowArgs::parse(["t.png", "800", "x", "7"].map(String::from), "a.png", 900.0, 650.0);
    /// assert_eq!((args.path.as_str(), args.size.x, args.size.y), ("t.png", 800.0, 650.0));
    /// assert_eq!((args.number(0, 0), args.number(1, 3), args.text(0, "-")), (7, 3, "7"));
    /// ```
    pub fn parse(
        args: impl IntoIterator<Item = String>,
        path: &str,
        width: f32,
        height: f32,
    ) -> WindowArgs {
        let mut args = args.into_iter();
        let path = args.next().unwrap_or_else(|| path.to_owned());
        let mut side = |default: f32| args.next().and_then(|a| a.parse().ok()).unwrap_or(default);
        let size = Point::new(side(width), side(height));
        WindowArgs {
            path,
            size,
            more: args.collect(),
        }
    }

    /// [`WindowArgs::parse`] of this program's command line.
    pub fn from_env(path: &str, width: f32, height: f32) -> WindowArgs {
        WindowArgs::parse(std::env::args().skip(1), path, width, height)
    }

    /// The `i`th argument after the size (0: the first), or `default`.
    pub fn text<'a>(&'a self, i: usize, default: &'a str) -> &'a str {
        self.more.get(i).map_or(default, String::as_str)
    }

    /// The `i`th argument after the size as a number, or `default`.
    pub fn number(&self, i: usize, default: usize) -> usize {
        self.more
            .get(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
    }

    /// Draws a canvas of [`WindowArgs::size`] with `draw`, writes it to
    /// [`WindowArgs::path`] and prints the path.
    ///
    /// # Panics
    ///
    /// When the file cannot be written (a developer's tool: the message
    /// says which file and why).
    pub fn write(&self, draw: impl FnOnce(&mut dyn Painter)) {
        let png = render_png(self.size.x as u32, self.size.y as u32, 1.0, draw);
        if let Err(e) = std::fs::write(&self.path, png) {
            panic!("cannot write the picture {}: {e}", self.path);
        }
        println!("{}", self.path);
    }
}
