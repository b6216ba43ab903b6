/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-other-modules-repo',
      severity: 'error',
      comment:
        'A module owns its tables: another module calls its service, never its repo (DESIGN.md "How modules talk").',
      from: { path: '^apps/server/src/modules/[^/]+/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/[^/]+/[^/]*repo\\.ts$',
        pathNot: '^apps/server/src/modules/[^/]+/$1/',
      },
    },
    {
      name: 'platform-not-modules',
      severity: 'error',
      comment:
        'platform/ is below the modules: it never imports one (modules register into it through their manifests).',
      from: { path: '^apps/server/src/(platform|db|adapters)/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'no-fastify-in-services',
      severity: 'error',
      comment: 'Services and repos take (ctx, input); only routes.ts and module.ts see Fastify.',
      from: {
        path: '^apps/server/src/modules/',
        pathNot: '(routes|module)\\.ts$|\\.test\\.ts$|-routes\\.ts$',
      },
      to: { path: 'node_modules/fastify/' },
    },
    {
      name: 'web-features-independent',
      severity: 'error',
      comment:
        'A web feature never imports another feature: shared pieces live in components/, api/ or app/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycle.',
      from: { path: '^apps/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/|\\.artifacts/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
