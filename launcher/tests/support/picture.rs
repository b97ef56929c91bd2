//! Pictures of the screen (Xvfb's framebuffer file) and of screenshots.

use std::path::Path;

/// An RGB picture: the screen, or a screenshot.
#[derive(PartialEq, Eq)]
pub struct Picture {
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
    /// Its pixels, row by row.
    pub rgb: Vec<[u8; 3]>,
}

impl Picture {
    pub fn at(&self, x: u32, y: u32) -> [u8; 3] {
        self.rgb[(y * self.width + x) as usize]
    }

    /// Reads an XWD file of a 24-bit TrueColor screen, 32 bits per pixel.
    pub fn from_xwd(bytes: &[u8]) -> Option<Picture> {
        let field = |i: usize| -> Option<u32> {
            let b = bytes.get(4 * i..4 * i + 4)?;
            Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
        };
        let header_size = field(0)? as usize;
        let (width, height) = (field(4)?, field(5)?);
        let lsb_first = field(7)? == 0;
        let bits_per_pixel = field(11)?;
        let bytes_per_line = field(12)? as usize;
        let masks = [field(14)?, field(15)?, field(16)?];
        let colors = field(19)? as usize;
        if bits_per_pixel != 32 {
            return None;
        }
        let start = header_size + 12 * colors;
        let mut rgb = Vec::with_capacity((width * height) as usize);
        for y in 0..height as usize {
            for x in 0..width as usize {
                let at = start + y * bytes_per_line + 4 * x;
                let b: [u8; 4] = bytes.get(at..at + 4)?.try_into().ok()?;
                let v = if lsb_first {
                    u32::from_le_bytes(b)
                } else {
                    u32::from_be_bytes(b)
                };
                let channel = |mask: u32| ((v & mask) >> mask.trailing_zeros()) as u8;
                rgb.push(masks.map(channel));
            }
        }
        Some(Picture { width, height, rgb })
    }

    pub fn from_png(path: &Path) -> Picture {
        let image = image::open(path).expect("a PNG").into_rgb8();
        Picture {
            width: image.width(),
            height: image.height(),
            rgb: image.pixels().map(|p| p.0).collect(),
        }
    }

    /// Writes this picture as a PNG file at `path`.
    pub fn save_png(&self, path: &Path) {
        let bytes: Vec<u8> = self.rgb.iter().flatten().copied().collect();
        image::RgbImage::from_raw(self.width, self.height, bytes)
            .expect("as many pixels as the size says")
            .save(path)
            .expect("the picture is written");
    }

    /// The part of this picture in the rectangle at `(x, y)` of `w` × `h`.
    pub fn crop(&self, x: u32, y: u32, w: u32, h: u32) -> Picture {
        let (w, h) = (w.min(self.width - x), h.min(self.height - y));
        let rgb = (y..y + h)
            .flat_map(|row| (x..x + w).map(move |col| (col, row)))
            .map(|(col, row)| self.at(col, row))
            .collect();
        Picture {
            width: w,
            height: h,
            rgb,
        }
    }

    /// How many pixels differ from `other`'s (of the same size) by more
    /// than `tolerance` in a channel, and the box around them (x, y,
    /// width, height); `None` if none does.
    pub fn difference(&self, other: &Picture, tolerance: u8) -> Option<(usize, [u32; 4])> {
        if (self.width, self.height) != (other.width, other.height) {
            return Some((
                self.rgb.len().max(other.rgb.len()),
                [0, 0, self.width, self.height],
            ));
        }
        let (mut count, mut min, mut max) = (0, (u32::MAX, u32::MAX), (0, 0));
        for (i, (a, b)) in self.rgb.iter().zip(&other.rgb).enumerate() {
            if a.iter().zip(b).any(|(a, b)| a.abs_diff(*b) > tolerance) {
                let (x, y) = (i as u32 % self.width, i as u32 / self.width);
                count += 1;
                min = (min.0.min(x), min.1.min(y));
                max = (max.0.max(x), max.1.max(y));
            }
        }
        (count > 0).then(|| (count, [min.0, min.1, max.0 - min.0 + 1, max.1 - min.1 + 1]))
    }
}
