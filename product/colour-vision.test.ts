import { describe, expect, it } from "vitest";
import { contrastRatio, deltaE2000, parseHex, simulate, toLab, type Lab } from "./colour-vision.ts";

describe("colour maths", () => {
  it("computes CIEDE2000 as Sharma, Wu and Dalal's reference pairs", () => {
    // Rows of the published test data set (Sharma et al. 2005, table 1): Lab 1, Lab 2, ΔE00.
    const pairs: Array<[Lab, Lab, number]> = [
      [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
      [[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
      [[50, -1.3802, -84.2814], [50, 0, -82.7485], 1.0],
      [[50, 0, 0], [50, -1, 2], 2.3669],
      [[50, 2.49, -0.001], [50, -2.49, 0.0009], 7.1792],
      [[50, 2.5, 0], [73, 25, -18], 27.1492],
      [[50, 2.5, 0], [56, -27, -3], 31.903],
      [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
      [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
      [[90.8027, -2.0831, 1.441], [91.1528, -1.6435, 0.0447], 1.4441],
      [[90.9257, -0.5406, -0.9208], [88.6381, -0.8985, -0.7239], 1.5381],
      [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
    ];
    for (const [a, b, expected] of pairs) expect(deltaE2000(a, b)).toBeCloseTo(expected, 3);
  });

  it("converts sRGB to CIELAB (D65)", () => {
    const white = toLab(parseHex("#ffffff"));
    expect(white[0]).toBeCloseTo(100, 2);
    expect(Math.abs(white[1])).toBeLessThan(0.01);
    const red = toLab(parseHex("#ff0000"));
    expect(red[0]).toBeCloseTo(53.24, 1);
    expect(red[1]).toBeCloseTo(80.09, 1);
    expect(red[2]).toBeCloseTo(67.2, 1);
  });

  it("simulates dichromacy: red and green collapse for protanopes and deuteranopes, not for tritanopes", () => {
    const red = "#d62728";
    const green = "#2ca02c";
    const d = (v: Parameters<typeof simulate>[1]) =>
      deltaE2000(toLab(simulate(parseHex(red), v)), toLab(simulate(parseHex(green), v)));
    expect(d("normal")).toBeGreaterThan(50);
    expect(d("deuteranopia")).toBeLessThan(d("normal") / 2);
    expect(d("protanopia")).toBeLessThan(d("normal") / 2);
    expect(d("tritanopia")).toBeGreaterThan(30);
    // Greys are unchanged by every simulation.
    for (const v of ["protanopia", "deuteranopia", "tritanopia"] as const) {
      const [r, g, b] = simulate(parseHex("#808080"), v);
      expect(Math.abs(r - g) + Math.abs(g - b)).toBeLessThan(0.01);
    }
  });

  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#ffffff", "#777777")).toBeCloseTo(4.48, 2);
  });
});
