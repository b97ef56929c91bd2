//! The player's own picture, chosen with Choose picture… as the launcher
//! hands it over: a camera's picture of any size is taken (scaled down,
//! upright), a broken one is said in words, whether the puzzle is solved
//! or not. The pictures are made here.

use game_api::{ChosenFile, FileChoice, FileKind, Game};
use slidey::board::{Board, Dir};
use slidey::game::Slidey;
use slidey::picture::SIDE;
use slidey::settings::PictureChoice;

/// The answer of the launcher's file dialog: the file `name` of `bytes`.
fn choose(game: &mut Slidey, name: &str, bytes: Vec<u8>) {
    game.file_chosen(FileChoice::Chosen(ChosenFile {
        kind: FileKind::Picture,
        name: name.into(),
        bytes,
    }));
}

/// A game one slide from solved, and the same game solved.
fn playing_and_solved() -> [Slidey; 2] {
    let playing = Slidey::with_board(Board::from_id("1,2,3/4,5,6/7,_,8").unwrap());
    let mut solved = playing.clone();
    assert!(solved.slide(Dir::Left));
    assert!(solved.is_won());
    [playing, solved]
}

/// A `width × height` JPEG: the left half red, the right half blue, with
/// `exif` (an APP1 segment's body) after its first marker.
fn jpeg(width: u32, height: u32, exif: Option<&[u8]>) -> Vec<u8> {
    let mut rgb = Vec::with_capacity((width * height * 3) as usize);
    for _ in 0..height {
        for x in 0..width {
            rgb.extend(if x < width / 2 {
                [200, 30, 30]
            } else {
                [30, 30, 200]
            });
        }
    }
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 80)
        .encode(&rgb, width, height, image::ExtendedColorType::Rgb8)
        .unwrap();
    if let Some(exif) = exif {
        let mut segment = vec![0xFF, 0xE1];
        segment.extend(((exif.len() + 2) as u16).to_be_bytes());
        segment.extend(exif);
        bytes.splice(2..2, segment);
    }
    bytes
}

fn is_red(p: [u8; 4]) -> bool {
    p[0] > 150 && p[2] < 80
}

fn is_blue(p: [u8; 4]) -> bool {
    p[2] > 150 && p[0] < 80
}

#[test]
fn a_broken_png_is_said_in_words_while_playing_and_once_solved() {
    let good = Slidey::with_seed(3, 1).picture().to_png();
    let broken = [&good[..good.len() / 2], &[0x55; 64][..]].concat();
    for mut game in playing_and_solved() {
        let before = game.picture().clone();
        choose(&mut game, "holiday.png", broken.clone());
        let status = game.status();
        assert!(
            status.contains(
                "holiday.png: That PNG picture cannot be read: the file is damaged or cut short."
            ),
            "{status}"
        );
        assert_eq!(game.picture(), &before, "the picture stays as it was");
        assert_eq!(
            game.picture_choice(),
            PictureChoice::Builtin(slidey::picture::Landscape)
        );
    }
}

#[test]
fn a_broken_jpeg_is_said_in_words_without_the_decoders_own() {
    let good = jpeg(64, 48, None);
    let broken = [&good[..200], &[0x00; 32][..]].concat();
    for mut game in playing_and_solved() {
        choose(&mut game, "holiday.jpg", broken.clone());
        let status = game.status();
        assert!(
            status.ends_with(
                "holiday.jpg: That JPEG picture cannot be read: the file is damaged or cut short."
            ),
            "{status}"
        );
    }
}

#[test]
fn a_cameras_10000_by_8000_jpeg_is_taken_scaled_down_while_playing_and_once_solved() {
    let photo = jpeg(10_000, 8_000, None);
    for mut game in playing_and_solved() {
        let won = game.is_won();
        choose(&mut game, "DSC_0001.JPG", photo.clone());
        assert!(
            game.status().ends_with("The picture is now DSC_0001.JPG"),
            "{}",
            game.status()
        );
        assert_eq!(game.is_won(), won);
        assert_eq!(game.picture_choice(), PictureChoice::Own);
        // The middle 8000×8000 square, half red and half blue, at 480×480.
        let picture = game.picture();
        assert_eq!(picture.side(), SIDE);
        assert!(
            is_red(picture.pixel(5, SIDE / 2)),
            "{:?}",
            picture.pixel(5, 5)
        );
        assert!(is_blue(picture.pixel(SIDE - 5, SIDE / 2)));
    }
}

#[test]
fn a_huge_png_is_taken_read_row_by_row() {
    let (width, height) = (12_000u32, 9_000u32);
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_compression(png::Compression::Fast);
        let mut writer = encoder.write_header().unwrap();
        let mut grey = vec![0u8; (width * height) as usize];
        for row in grey.chunks_mut(width as usize) {
            row[width as usize / 2..].fill(220);
        }
        writer.write_image_data(&grey).unwrap();
    }
    let mut game = Slidey::with_seed(4, 2);
    choose(&mut game, "scan.png", bytes);
    assert!(
        game.status().ends_with("The picture is now scan.png"),
        "{}",
        game.status()
    );
    assert_eq!(game.picture().pixel(3, 3), [0, 0, 0, 255]);
    assert_eq!(game.picture().pixel(SIDE - 3, 3), [220, 220, 220, 255]);
}

#[test]
fn a_portrait_photo_stands_upright_as_its_orientation_tag_says() {
    // Stored on its side (as phones store a portrait), red left and blue
    // right, with EXIF orientation 6: turn a quarter clockwise to view.
    // Upright, red is at the top and blue at the bottom.
    let mut exif = b"Exif\0\0II*\0\x08\0\0\0\x01\0".to_vec();
    exif.extend([0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]);
    exif.extend([0, 0, 0, 0]);
    let mut game = Slidey::with_seed(3, 3);
    choose(&mut game, "portrait.jpg", jpeg(400, 300, Some(&exif)));
    let picture = game.picture();
    assert!(
        is_red(picture.pixel(SIDE / 2, 5)),
        "{:?}",
        picture.pixel(SIDE / 2, 5)
    );
    assert!(is_blue(picture.pixel(SIDE / 2, SIDE - 5)));
}

#[test]
fn a_picture_past_any_camera_is_refused_in_words() {
    // A 20000×20000 PNG (400 megapixels), all but its header cut off:
    // refused for its size before anything is decoded.
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, 20_000, 20_000);
        encoder.set_color(png::ColorType::Grayscale);
        let _header_only = encoder.write_header().unwrap();
    }
    let mut game = Slidey::with_seed(3, 3);
    choose(&mut game, "sky.png", bytes);
    assert!(
        game.status().ends_with(
            "sky.png: That picture is 20000×20000 pixels (400 megapixels); Slidey takes pictures of up to 200 megapixels."
        ),
        "{}",
        game.status()
    );
}
