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
  // Three results of two element types and sizes: how results are laid out
  // when they are read together.
  func.func @sum_twice_product(%a: tensor<4xf32>, %b: tensor<4xf32>, %k: tensor<i32>) -> (tensor<4xf32>, tensor<i32>, tensor<4xf32>) {
    %s = stablehlo.add %a, %b : tensor<4xf32>
    %t = stablehlo.add %k, %k : tensor<i32>
    %p = stablehlo.multiply %a, %b : tensor<4xf32>
    return %s, %t, %p : tensor<4xf32>, tensor<i32>, tensor<4xf32>
  }
}
