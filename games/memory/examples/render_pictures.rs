//! Draws the ten pictures side by side on their cards to a PNG, to look
//! at them: `cargo run -p memory --example render_pictures -- out.png`.

use cards::face::{DeckStyle, Look, draw_card_with};
use game_api::{Point, Rgba, Style};
use memory::pictures::{card_of, draw_face};
use memory::rules::Picture;

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "pictures.png".into());
    let (w, gap) = (80.0, 10.0);
    let width = (gap + 5.0 * (w + gap)) as u32;
    let height = (gap + 2.0 * (w * 1.4 + gap)) as u32;
    let png = game_raster::render_png(width, height, 1.0, |p| {
        p.rect(
            Point::new(0.0, 0.0),
            Point::new(width as f32, height as f32),
            Style::solid(Rgba::rgb(30, 110, 60)),
        );
        for (i, picture) in Picture::ALL.into_iter().enumerate() {
            let at = Point::new(
                gap + (i % 5) as f32 * (w + gap),
                gap + (i / 5) as f32 * (w * 1.4 + gap),
            );
            draw_card_with(
                p,
                card_of(picture, false),
                at,
                w,
                Look::UP,
                &DeckStyle::default(),
                Some(draw_face),
            );
        }
    });
    std::fs::write(&path, png).expect("write the picture");
    println!("{path}");
}
