import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Chunk, ChunkGroup, Compilation, Compiler, Module } from 'webpack';
import { SHELL_PAGE_ASSETS_FILE, type ShellPageAssets } from '@deck/shared/first-view/first-view-contract';

const CATALOGUE = /[\\/]shared[\\/]src[\\/]intl[\\/]translations[\\/]([a-z]+)\.json$/;

function filesOf(groups: ChunkGroup[], compilation: Compilation): string[] {
  const { chunkGraph } = compilation;
  const files = new Set<string>();
  const seen = new Set<Chunk>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== 'consume-shared-module') continue;
      for (const block of module.blocks) chunkGraph.getBlockChunkGroup(block)?.chunks.forEach(visit);
    }
  };
  for (const group of groups) group.chunks.forEach(visit);
  return [...files].sort();
}

function resourceOf(module: Module): string {
  return module.nameForCondition() ?? '';
}

export class PageAssetsPlugin {
  constructor(private readonly options: { start: string; pages: string[]; outputDir: string }) {}

  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('PageAssetsPlugin', (compilation) => {
      const named = (name: string) => {
        const group = compilation.namedChunkGroups.get(name);
        if (!group) throw new Error(`PageAssetsPlugin: no chunk group named ${name}`);
        return group;
      };
      const assets: ShellPageAssets = {
        entry: [...compilation.entrypoints.values()].flatMap((entry) => entry.getFiles()).filter((file) => file.endsWith('.js')),
        start: filesOf([named(this.options.start)], compilation),
        pages: Object.fromEntries(this.options.pages.map((page) => [page, filesOf([named(page)], compilation)])),
        catalogues: {},
      };
      for (const chunk of compilation.chunks) {
        for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
          const locale = CATALOGUE.exec(resourceOf(module))?.[1];
          const file = [...chunk.files].find((name) => name.endsWith('.js'));
          if (locale && file) assets.catalogues[locale] = file;
        }
      }
      mkdirSync(this.options.outputDir, { recursive: true });
      writeFileSync(path.join(this.options.outputDir, SHELL_PAGE_ASSETS_FILE), `${JSON.stringify(assets, null, 1)}\n`);
    });
  }
}
