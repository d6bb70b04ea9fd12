//! A PNG chart of decode throughput and step time per batch size, drawn on a
//! plain RGB canvas with an 8x8 bitmap font (no system fonts needed).

use std::path::Path;

use font8x8::UnicodeFonts;

use crate::report::Report;

const WIDTH: usize = 720;
const HEIGHT: usize = 420;
const SCALE: usize = 2;
const INK: [u8; 3] = [30, 30, 30];
const BAR: [u8; 3] = [70, 120, 200];
const GRID: [u8; 3] = [220, 220, 220];

struct Canvas {
    pixels: Vec<u8>,
}

impl Canvas {
    fn new() -> Canvas {
        Canvas {
            pixels: vec![255; WIDTH * HEIGHT * 3],
        }
    }

    fn set(&mut self, x: usize, y: usize, color: [u8; 3]) {
        if x < WIDTH && y < HEIGHT {
            let at = (y * WIDTH + x) * 3;
            self.pixels[at..at + 3].copy_from_slice(&color);
        }
    }

    fn rect(&mut self, x0: usize, y0: usize, x1: usize, y1: usize, color: [u8; 3]) {
        for y in y0..y1 {
            for x in x0..x1 {
                self.set(x, y, color);
            }
        }
    }

    /// Draws `text` with its top-left corner at (x, y), each font pixel
    /// SCALE x SCALE.
    fn text(&mut self, x: usize, y: usize, text: &str) {
        for (i, c) in text.chars().enumerate() {
            let glyph = font8x8::BASIC_FONTS.get(c).unwrap_or([0; 8]);
            for (row, bits) in glyph.iter().enumerate() {
                for col in 0..8 {
                    if bits & (1 << col) != 0 {
                        let px = x + (i * 8 + col) * SCALE;
                        let py = y + row * SCALE;
                        self.rect(px, py, px + SCALE, py + SCALE, INK);
                    }
                }
            }
        }
    }
}

fn text_width(text: &str) -> usize {
    text.chars().count() * 8 * SCALE
}

pub fn write_png(path: &Path, report: &Report) -> Result<(), Box<dyn std::error::Error>> {
    let mut canvas = Canvas::new();
    canvas.text(20, 14, "decode tokens/s by batch size");
    let (left, top, bottom) = (70usize, 60usize, HEIGHT - 60);
    let max = report
        .decode
        .iter()
        .map(|d| d.tokens_per_second)
        .fold(1.0, f64::max)
        * 1.15;
    for i in 0..=4 {
        let y = bottom - (bottom - top) * i / 4;
        canvas.rect(left, y, WIDTH - 20, y + 1, GRID);
        let label = format!("{:.0}", max * i as f64 / 4.0);
        canvas.text(
            left.saturating_sub(text_width(&label) + 6),
            y.saturating_sub(8),
            &label,
        );
    }
    let slots = report.decode.len().max(1);
    let slot_width = (WIDTH - 20 - left) / slots;
    for (i, d) in report.decode.iter().enumerate() {
        let height = ((bottom - top) as f64 * d.tokens_per_second / max) as usize;
        let x0 = left + i * slot_width + slot_width / 4;
        let x1 = x0 + slot_width / 2;
        canvas.rect(x0, bottom - height, x1, bottom, BAR);
        let value = format!("{:.0}", d.tokens_per_second);
        canvas.text(
            x0 + (x1 - x0).saturating_sub(text_width(&value)) / 2,
            (bottom - height).saturating_sub(20),
            &value,
        );
        let label = format!(
            "B={}{} {:.1}ms",
            d.batch,
            if d.sampling == "device" { "d" } else { "" },
            d.step_ms
        );
        canvas.text(
            (x0 + x1) / 2 - text_width(&label).min((x0 + x1) / 2) / 2,
            bottom + 12,
            &label,
        );
    }
    canvas.rect(left, bottom, WIDTH - 20, bottom + 1, INK);
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut encoder = png::Encoder::new(file, WIDTH as u32, HEIGHT as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header()?.write_image_data(&canvas.pixels)?;
    Ok(())
}
