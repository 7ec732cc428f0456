// `DisplayScale` lives in `Geometry`, the value types both layout engines share,
// so that pixel rounding is defined in one place. Re-exporting it keeps
// `import TextMetrics` enough for every existing user of `DisplayScale`.
@_exported import Geometry
