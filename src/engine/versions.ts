/** The versions of the published packages the engine runs, as the Report names them (written once: contract/versions.ts). */
export { PACKAGE_VERSIONS as VERSIONS } from './contract/versions.ts';
