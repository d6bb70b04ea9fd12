//! Undoing llama.cpp's row permutation of the query/key projections.
//!
//! HF Llama applies RoPE to the two halves of each head (`rotate_half`); ggml rotates adjacent
//! pairs. llama.cpp's converter therefore reorders each head's rows: viewing the HF rows of one
//! head as `[2, head_dim/2]`, it stores them transposed as `[head_dim/2, 2]`, i.e. GGUF row
//! `2*i + j` of a head is HF row `j*head_dim/2 + i`. This module applies the inverse.

/// Reorders `rows` (row-major, `row_len` values per row, `n_heads * head_dim` rows) from GGUF's
/// interleaved order back to HF order.
pub fn unpermute_rows<T: Copy>(
    gguf: &[T],
    n_heads: usize,
    row_len: usize,
) -> Result<Vec<T>, String> {
    let n_rows = gguf.len().checked_div(row_len).unwrap_or(0);
    if row_len == 0
        || n_rows * row_len != gguf.len()
        || n_heads == 0
        || !n_rows.is_multiple_of(2 * n_heads)
    {
        return Err(format!(
            "{} rows of {row_len} cannot be split into {n_heads} heads of even size",
            n_rows
        ));
    }
    let half = n_rows / n_heads / 2;
    let mut hf = Vec::with_capacity(gguf.len());
    for hf_row in 0..n_rows {
        let (head, within) = (hf_row / (2 * half), hf_row % (2 * half));
        let (j, i) = (within / half, within % half);
        let src = head * 2 * half + 2 * i + j;
        hf.extend_from_slice(&gguf[src * row_len..(src + 1) * row_len]);
    }
    Ok(hf)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// llama.cpp's forward permutation, written the way its converter states it.
    fn permute(hf: &[u32], n_heads: usize, row_len: usize) -> Vec<u32> {
        let n_rows = hf.len() / row_len;
        let half = n_rows / n_heads / 2;
        let mut out = vec![0; hf.len()];
        for h in 0..n_heads {
            for j in 0..2 {
                for i in 0..half {
                    let src = h * 2 * half + j * half + i;
                    let dst = h * 2 * half + i * 2 + j;
                    out[dst * row_len..(dst + 1) * row_len]
                        .copy_from_slice(&hf[src * row_len..(src + 1) * row_len]);
                }
            }
        }
        out
    }

    #[test]
    fn inverts_the_converter_permutation() {
        for (n_heads, head_dim, row_len) in [(3, 8, 5), (9, 64, 3), (2, 4, 1)] {
            let hf: Vec<u32> = (0..(n_heads * head_dim * row_len) as u32).collect();
            let gguf = permute(&hf, n_heads, row_len);
            assert_ne!(gguf, hf, "{n_heads}x{head_dim}");
            assert_eq!(unpermute_rows(&gguf, n_heads, row_len).unwrap(), hf);
        }
    }

    #[test]
    fn known_small_case() {
        // One head, head_dim 4: HF rows [a0 a1 | b0 b1] are stored as a0 b0 a1 b1.
        let gguf = ["a0", "b0", "a1", "b1"];
        assert_eq!(
            unpermute_rows(&gguf, 1, 1).unwrap(),
            ["a0", "a1", "b0", "b1"]
        );
    }

    #[test]
    fn rejects_shapes_that_do_not_split() {
        assert!(unpermute_rows(&[0u8; 6], 2, 1).is_err());
        assert!(unpermute_rows(&[0u8; 8], 0, 1).is_err());
        assert!(unpermute_rows(&[0u8; 8], 1, 0).is_err());
        assert!(unpermute_rows(&[0u8; 7], 1, 2).is_err());
    }
}
