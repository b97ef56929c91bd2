//! Renders a sheet of cubes with the crate's drawing code and the
//! deterministic rasteriser of `game-raster`, to look at the pictures:
//! basic cubes, the three compositions, abstractions, an application, the
//! example storage's numerals and the Y combinator's fractal, each at
//! several sizes.
//!
//! Run `cargo run -p gcalc --example render_cubes -- /tmp/cubes.png`.

use game_api::{Point, Rgba, Style};
use gcalc::draw::draw_cube;
use gcalc::eval::{Settings, evaluate};
use gcalc::example::examples;
use gcalc::expr::parse;
use gcalc::{Expr, Storage};

fn named(store: &Storage, text: &str) -> Expr {
    store.find(text).cloned().unwrap_or_else(|| parse(text))
}

fn main() {
    let out = std::env::args()
        .nth(1)
        .unwrap_or("/tmp/gcalc-cubes.png".into());
    let store = examples();
    let fractal = evaluate(
        &Expr::apply(named(&store, "Y"), named(&store, "slice")),
        &Settings::default(),
        10_000,
    )
    .expr;
    let three = evaluate(
        &Expr::apply(
            Expr::apply(named(&store, "three"), named(&store, "slice")),
            parse("blue"),
        ),
        &Settings::default(),
        10_000,
    )
    .expr;
    let cubes = [
        parse("red"),
        parse("black | white"),
        parse("red - (green | blue)"),
        parse("yellow / dark-blue"),
        parse("\\green. red | green"),
        parse("\\transparent. (red - transparent) | black"),
        named(&store, "two"),
        parse("(\\green. green | red) blue"),
        three,
        fractal,
    ];
    let sizes = [24.0, 48.0, 96.0, 160.0];
    let width = cubes.len() as f32 * 170.0;
    let height = sizes.iter().sum::<f32>() + 10.0 * sizes.len() as f32;
    let png = game_raster::render_png(width as u32, height as u32, 1.0, |p| {
        p.rect(
            Point::new(0.0, 0.0),
            Point::new(width, height),
            Style {
                fill: Some(Rgba::rgb(160, 160, 160)),
                stroke: None,
            },
        );
        let mut y = 0.0;
        for size in sizes {
            for (i, cube) in cubes.iter().enumerate() {
                draw_cube(p, cube, Point::new(i as f32 * 170.0, y), size);
            }
            y += size + 10.0;
        }
    });
    std::fs::write(&out, png).expect("writing the picture");
    println!("{out}");
}
