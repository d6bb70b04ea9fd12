use super::ops::float_text;
use super::*;

fn f32s(shape: &[i64]) -> TensorType {
    TensorType::new(shape, ElemType::F32)
}

fn i32s(shape: &[i64]) -> TensorType {
    TensorType::new(shape, ElemType::I32)
}

#[test]
fn dot_general_infers_batch_then_free_dims() {
    let mut b = FuncBuilder::new("f");
    let q = b.arg("q", f32s(&[8, 3, 64]));
    let k = b.arg("k", f32s(&[8, 256, 64]));
    let s = b
        .dot_general(&q, &k, &DotDims::contract(2, 2).batch(0, 0))
        .unwrap();
    assert_eq!(s.ty(), &f32s(&[8, 3, 256]));
    let w = b.arg("w", f32s(&[1536, 576]));
    let h = b.arg("h", f32s(&[576, 8]));
    assert_eq!(
        b.dot_general(&w, &h, &DotDims::contract(1, 0))
            .unwrap()
            .ty(),
        &f32s(&[1536, 8])
    );
}

#[test]
fn shape_errors_name_the_op_and_the_shapes() {
    let mut b = FuncBuilder::new("f");
    let w = b.arg("w", f32s(&[4, 5]));
    let x = b.arg("x", f32s(&[6, 7]));
    let err = b.dot_general(&w, &x, &DotDims::contract(1, 0)).unwrap_err();
    assert_eq!(err.op, "stablehlo.dot_general");
    let msg = err.to_string();
    assert!(
        msg.contains("tensor<4x5xf32>") && msg.contains("tensor<6x7xf32>"),
        "{msg}"
    );

    let err = b.add(&w, &x).unwrap_err().to_string();
    assert_eq!(
        err,
        "stablehlo.add: operand types differ: tensor<4x5xf32>, tensor<6x7xf32>"
    );
    let err = b.reshape(&w, &[3, 7]).unwrap_err().to_string();
    assert_eq!(
        err,
        "stablehlo.reshape: cannot reshape tensor<4x5xf32> to tensor<3x7xf32>"
    );
    let err = b
        .broadcast_in_dim(&w, &[4, 6], &[0, 1])
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("stablehlo.broadcast_in_dim: tensor<4x5xf32> cannot broadcast"),
        "{err}"
    );
    let err = b.slice(&w, &[0, 0], &[5, 5]).unwrap_err().to_string();
    assert!(err.contains("out of range for tensor<4x5xf32>"), "{err}");
    let i = b.arg("i", i32s(&[4, 5]));
    assert!(b
        .exp(&i)
        .unwrap_err()
        .to_string()
        .contains("needs a float operand"));
    assert!(b.reduce_with(&w, 0.0, ReduceOp::Add, &[2]).is_err());
    assert!(b.transpose(&w, &[0, 0]).is_err());
    assert!(b.reverse(&w, &[2]).is_err());
    assert_eq!(b.reverse(&w, &[0, 1]).unwrap().ty(), w.ty());
}

/// An ordered sum drops its dimension, adds halves (r rounds written at once take 2^r - 1
/// adds of slices, and each odd count's leftover slice one more), leaves no reduce to the
/// compiler, and refuses a dimension out of range.
#[test]
fn sums_in_order_add_halves() {
    // 9: a carry, 9 -> 4 (1 add), 4 -> 1 (3), the carry (1). 576 = 64 * 9: 576 -> 36 (15),
    // 36 -> 9 (3), then as 9.
    for (n, adds) in [(1, 0), (2, 1), (9, 5), (576, 23)] {
        let mut b = FuncBuilder::new("f");
        let x = b.arg("x", f32s(&[3, n, 4]));
        let sum = b.sum_in_order(&x, 1).unwrap();
        assert_eq!(sum.shape(), &[3, 4]);
        let mut text = String::new();
        b.finish(&[&sum]).render(&mut text);
        assert_eq!(text.matches("stablehlo.add").count(), adds, "n = {n}");
        assert!(!text.contains("stablehlo.reduce"));
    }
    let mut b = FuncBuilder::new("f");
    let x = b.arg("x", f32s(&[3, 4]));
    assert!(b.sum_in_order(&x, 2).is_err());
}

#[test]
fn gather_and_scatter_infer_and_check() {
    let mut b = FuncBuilder::new("f");
    let table = b.arg("table", f32s(&[512, 64]));
    let ids = b.arg("ids", i32s(&[8, 1]));
    let g = GatherDims {
        offset_dims: vec![1],
        collapsed_slice_dims: vec![0],
        start_index_map: vec![0],
        index_vector_dim: 1,
        slice_sizes: vec![1, 64],
    };
    assert_eq!(b.gather(&table, &ids, &g).unwrap().ty(), &f32s(&[8, 64]));
    let bad = GatherDims {
        slice_sizes: vec![2, 64],
        ..g
    };
    assert!(b
        .gather(&table, &ids, &bad)
        .unwrap_err()
        .to_string()
        .contains("slice sizes"));

    let cache = b.arg("cache", f32s(&[5, 64, 2, 16]));
    let idx = b.arg("idx", i32s(&[4, 2]));
    let rows = b.arg("rows", f32s(&[4, 2, 16]));
    let s = ScatterDims {
        update_window_dims: vec![1, 2],
        inserted_window_dims: vec![0, 1],
        scatter_dims_to_operand_dims: vec![0, 1],
        index_vector_dim: 1,
        unique_indices: true,
    };
    assert_eq!(b.scatter(&cache, &idx, &rows, &s).unwrap().ty(), cache.ty());
    let wrong = b.arg("wrong", f32s(&[3, 2, 16]));
    let err = b.scatter(&cache, &idx, &wrong, &s).unwrap_err().to_string();
    assert!(
        err.contains("update scatter dims [3] != index batch dims [4]"),
        "{err}"
    );
}

#[test]
fn renders_pretty_stablehlo() {
    let mut b = FuncBuilder::new("f");
    let x = b.arg("x", f32s(&[2, 3]));
    let y = b.transpose(&x, &[1, 0]).unwrap();
    let m = b
        .reduce_with(&y, f64::NEG_INFINITY, ReduceOp::Max, &[1])
        .unwrap();
    let f = b.finish(&[&m]);
    let mut text = String::new();
    f.render(&mut text);
    assert_eq!(
        text,
        "  func.func @f(%x: tensor<2x3xf32>) -> tensor<3xf32> {
    %v0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %v1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v2 = stablehlo.reduce(%v0 init: %v1) applies stablehlo.maximum across dimensions = [1] : (tensor<3x2xf32>, tensor<f32>) -> tensor<3xf32>
    return %v2 : tensor<3xf32>
  }
"
    );
}

#[test]
fn calls_check_operands_and_name_results() {
    let mut callee = FuncBuilder::private("g");
    let a = callee.arg("a", f32s(&[2]));
    let b2 = callee.add(&a, &a).unwrap();
    let g = callee.finish(&[&a, &b2]);
    let mut b = FuncBuilder::new("f");
    let x = b.arg("x", f32s(&[2]));
    let out = b.call(&g, &[&x]).unwrap();
    assert_eq!(out[1].to_string(), "%v0#1");
    let y = b.arg("y", f32s(&[3]));
    let err = b.call(&g, &[&y]).unwrap_err().to_string();
    assert_eq!(
        err,
        "call @g: operands (tensor<3xf32>) do not match parameters (tensor<2xf32>)"
    );
}

#[test]
fn floats_round_trip_with_a_decimal_point() {
    assert_eq!(float_text(1.0), "1.0");
    assert_eq!(float_text(1e-5), "1.0e-5");
    assert_eq!(float_text(0.125), "1.25e-1");
    assert_eq!(float_text(-3.0), "-3.0");
    assert_eq!(float_text(100000.0), "1.0e5");
    for v in [0.1f32, 3.1622776e-1, 1.0e-38, f32::MAX] {
        assert_eq!(float_text(v).parse::<f32>().unwrap(), v);
    }
}

#[test]
fn module_gives_zero_filled_globals_distinct_bits() {
    let mut m = Module::new("m");
    for name in ["a", "b"] {
        m.globals.push(Global {
            name: name.into(),
            ty: f32s(&[2]),
            init: GlobalInit::MutableZeros,
        });
    }
    let text = m.render();
    assert!(
        text.contains("@a = dense<0x00000000> : tensor<2xf32>"),
        "{text}"
    );
    assert!(
        text.contains("@b = dense<0x00000001> : tensor<2xf32>"),
        "{text}"
    );
}

#[test]
fn if_else_checks_and_renders_both_regions() {
    let mut b = FuncBuilder::new("f");
    let p = b.arg("p", TensorType::scalar(ElemType::I1));
    let x = b.arg("x", f32s(&[4]));
    let n = b.arg("n", i32s(&[4]));
    let err = b
        .if_else(&x, |_| Ok(vec![x.clone()]), |_| Ok(vec![x.clone()]))
        .unwrap_err();
    assert!(err.to_string().contains("tensor<i1> predicate"), "{err}");
    let err = b
        .if_else(&p, |_| Ok(vec![x.clone()]), |_| Ok(vec![n.clone()]))
        .unwrap_err();
    assert!(err.to_string().contains("branches return"), "{err}");
    let out = b
        .if_else(&p, |b| Ok(vec![b.exp(&x)?]), |_| Ok(vec![x.clone()]))
        .unwrap();
    assert_eq!(out[0].ty(), &f32s(&[4]));
    let f = b.finish(&[&out[0]]);
    let mut text = String::new();
    f.render(&mut text);
    let if_line = text.find("\"stablehlo.if\"(%p)").expect("the if");
    let exp_line = text.find("stablehlo.exponential").expect("the then region");
    assert!(
        exp_line > if_line,
        "region ops belong inside the if:\n{text}"
    );
    assert_eq!(text.matches("stablehlo.return").count(), 2, "{text}");
}

#[test]
fn bit_ops_take_integers_of_matching_width() {
    let mut b = FuncBuilder::new("f");
    let x = b.arg("x", f32s(&[4]));
    let n = b.arg("n", i32s(&[4]));
    assert!(b.xor(&x, &x).is_err());
    assert_eq!(
        b.bitcast_convert(&x, ElemType::I32).unwrap().ty(),
        &i32s(&[4])
    );
    assert!(b.bitcast_convert(&x, ElemType::F16).is_err());
    assert_eq!(b.shift_right_logical(&n, &n).unwrap().ty(), &i32s(&[4]));
}

#[test]
fn attention_maps_the_batch_dims_and_shares_the_mask() {
    let mut b = FuncBuilder::new("f");
    let q = b.arg("q", f32s(&[2, 4, 3, 8]));
    let k = b.arg("k", f32s(&[2, 4, 8, 16]));
    let v = b.arg("v", f32s(&[2, 4, 16, 8]));
    let mask = b.arg("m", TensorType::new([2, 3, 16], ElemType::I1));
    let o = b.attention(&q, &k, &v, 0.125, &mask).unwrap();
    assert_eq!(o.ty(), &f32s(&[2, 4, 3, 8]));
    // A mask of the wrong width, or values of the wrong length, are refused.
    let wide = b.arg("w", TensorType::new([2, 3, 17], ElemType::I1));
    assert!(b.attention(&q, &k, &v, 0.125, &wide).is_err());
    let short = b.arg("s", f32s(&[2, 4, 15, 8]));
    assert!(b.attention(&q, &k, &short, 0.125, &mask).is_err());
    let mut text = String::new();
    b.finish(&[&o]).render(&mut text);
    assert!(text.contains("arith.constant 1.25e-1 : f32"), "{text}");
    for map in [
        "(b0, b1, m, n, k1, k2) -> (b0, b1, m, k1)",
        "(b0, b1, m, n, k1, k2) -> (b0, b1, k1, k2)",
        "(b0, b1, m, n, k1, k2) -> (b0, b1, k2, n)",
        "(b0, b1, m, n, k1, k2) -> ()",
        "(b0, b1, m, n, k1, k2) -> (b0, m, k2)",
        "(b0, b1, m, n, k1, k2) -> (b0, b1, m, n)",
    ] {
        assert!(text.contains(map), "{map} in {text}");
    }
}
