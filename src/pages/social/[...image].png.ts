/** A 1200×630 PNG social card for every SVG image of public/ (social platforms do not show SVG). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { publicSvgPaths, svgCard } from '../../features/seo/social-card.server';

export const getStaticPaths = (() =>
  publicSvgPaths().map((path) => ({ params: { image: path.slice(1).replace(/\.svg$/i, '') }, props: { path } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) =>
  new Response(new Uint8Array(await svgCard(props.path as string)), { headers: { 'Content-Type': 'image/png' } });
