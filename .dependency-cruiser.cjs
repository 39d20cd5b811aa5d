/**
 * Import boundaries (DESIGN.md "Dependency direction", CONVENTIONS.md "Folders show the architecture"), kept by
 * `npm run lint`. dependency-cruiser instead of an ESLint import plugin: see docs/decisions/014.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      // Type-only imports count too (docs/decisions/054): a cycle of types is still two modules that cannot be read apart.
      comment: 'Un ciclo de importaciones (también solo de tipos): separe lo compartido en su propio módulo.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-to-feature',
      severity: 'error',
      comment: 'Una feature no importa otra: mueva lo compartido a components/ o lib/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-shared-to-feature',
      severity: 'error',
      comment: 'components/ y lib/ no dependen de features ni de app.',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'api-tables-in-repository',
      severity: 'error',
      comment: 'Las tablas se leen en el repository.ts del módulo, no en servicios ni rutas.',
      from: { path: '^apps/api/src/modules/', pathNot: '(repository|\\.test)\\.ts$' },
      to: { path: '^apps/api/src/db/schema' },
    },
    {
      name: 'packages-to-apps',
      severity: 'error',
      comment: 'Los paquetes no importan de apps/.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-only-contracts',
      severity: 'error',
      comment: 'La web solo usa @radica/contracts.',
      from: { path: '^apps/web/' },
      to: { path: '^(apps/api|apps/muv-simulator|apps/wompi-simulator|apps/whatsapp-simulator|packages/fevrips)/' },
    },
    {
      name: 'api-not-simulator',
      severity: 'error',
      comment: 'apps/api no importa los simuladores: los inyecta el punto de entrada (server.ts, admin/).',
      from: { path: '^apps/api/', pathNot: '^apps/api/(src/server\\.ts|src/roles/|src/admin/|test/)|\\.test\\.ts$' },
      to: { path: '^apps/(muv|wompi|whatsapp)-simulator/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
    },
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
