// SPDX-License-Identifier: GPL-3.0-or-later
print("iconaudit-bench: kernels not yet wired")
