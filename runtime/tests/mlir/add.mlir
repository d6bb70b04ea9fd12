// Elementwise add: the smallest end-to-end check of compile -> load -> call.
module @arith {
  func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %r = stablehlo.add %a, %b : tensor<4xf32>
    return %r : tensor<4xf32>
  }
  func.func @scale_i32(%a: tensor<2x3xi32>, %k: tensor<i32>) -> tensor<2x3xi32> {
    %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
    %r = stablehlo.multiply %a, %kb : tensor<2x3xi32>
    return %r : tensor<2x3xi32>
  }
  func.func @widen(%a: tensor<3xi64>) -> tensor<3xi64> {
    %r = stablehlo.add %a, %a : tensor<3xi64>
    return %r : tensor<3xi64>
  }
}
