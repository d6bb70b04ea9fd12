// y = W x with W an IREE parameter named as in an HF checkpoint; the weight
// sits on the left, [out, in] as stored.
module @linear {
  util.global private @w = #flow.parameter.named<"model"::"layer.weight"> : tensor<3x4xf32>
  func.func @apply(%x: tensor<4x2xf32>) -> tensor<3x2xf32> {
    %w = util.global.load @w : tensor<3x4xf32>
    %y = stablehlo.dot_general %w, %x, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
    return %y : tensor<3x2xf32>
  }
}
