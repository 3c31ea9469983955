// The framework floor (bench/lib/framework-floor.ts builds it from a copy under bench/.data).
const config = { output: 'export', trailingSlash: true, turbopack: { root: process.env.PIR_FLOOR_ROOT } };
export default config;
