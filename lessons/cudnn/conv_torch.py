"""The cuDNN lessons' convolution through torch.nn.functional.conv2d (PyTorch calls cuDNN for
it), on the same input (lessons/src/conv.rs: integers over powers of two, exact in any float),
printing the same summary line as cudnn_conv_forward and cudnn_graph_conv. FP32 throughout:
TF32 is off, as the lessons ask cuDNN for FP32 math.
Run: python3 lessons/cudnn/conv_torch.py"""
import torch
import torch.nn.functional as F

N, C, H, W, K, R, S, PAD, STRIDE, DILATION = 4, 8, 32, 32, 16, 3, 3, 1, 1, 1

torch.backends.cudnn.allow_tf32 = False
torch.backends.cuda.matmul.allow_tf32 = False

i = torch.arange(N * C * H * W, dtype=torch.int64)
x = (((i * 37 + 11) % 128).to(torch.float32) / 64.0 - 1.0).reshape(N, C, H, W).cuda()
j = torch.arange(K * C * R * S, dtype=torch.int64)
w = (((j * 53 + 7) % 128).to(torch.float32) / 256.0 - 0.25).reshape(K, C, R, S).cuda()
y = F.conv2d(x, w, padding=PAD, stride=STRIDE, dilation=DILATION)
torch.cuda.synchronize()
flat = y.flatten().cpu()
d = flat.to(torch.float64)
print(f"torch {torch.__version__}, cuDNN {torch.backends.cudnn.version()}")
print(
    f"summary: shape={'x'.join(str(v) for v in y.shape)} sum={d.sum().item():.4f} abs_sum={d.abs().sum().item():.4f} "
    f"y0={flat[0].item():.6f} y1={flat[1].item():.6f} ylast={flat[-1].item():.6f}"
)
