/**
 * The floors of the house, which `npm test` checks apart (`depcruise --config
 * .dependency-cruiser.rooms.cjs src`): no folder of src/ imports, through any of its files and type
 * imports included, a folder that leads back to it, so every import runs down a floor and none
 * back up. Test files are left out: they sit beside the code they test and use the shared
 * harness in test/, which uses every floor.
 */
const base = require('./.dependency-cruiser.cjs')

module.exports = {
  forbidden: [
    {
      name: 'no-circular-rooms',
      severity: 'error',
      scope: 'folder',
      comment: 'Folders that import each other through any of their files: an import runs back up a floor.',
      from: {},
      to: { circular: true },
    },
  ],
  options: { ...base.options, exclude: { path: '\\.test\\.ts$' } },
}
