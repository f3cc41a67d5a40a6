import type { ReactNode } from 'react';
import { Box, Link, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { totalFollowers, type AdminCreator } from '@local-creators/common';
import { Chips } from './creator-bits';
import { formatCount } from './creator-rules';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', lineHeight: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Everything an admin needs to judge an application: contact, bio, niches, reach, types, links. */
export function CreatorDetails({ creator: c }: { creator: AdminCreator }) {
  return (
    <Stack spacing={2}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 2,
          rowGap: { xs: 0, sm: 0.5 },
          '& dt': { color: 'text.secondary', fontSize: 14, mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>E-mail</dt>
        <dd>
          <Link href={`mailto:${c.email}`}>{c.email}</Link>
        </dd>
        <dt>Phone</dt>
        <dd>
          <Link href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>{c.phone}</Link>
        </dd>
        <dt>Neighborhood</dt>
        <dd>{c.neighborhood ? `${c.neighborhood}, ${c.city}` : c.city}</dd>
        <dt>Public name</dt>
        <dd>{c.can_use_name_publicly ? 'Yes, the name may be listed' : 'No, list by handle only'}</dd>
      </Box>
      <Section title="Bio">
        <Typography sx={{ whiteSpace: 'pre-line' }}>{c.bio}</Typography>
      </Section>
      <Section title="Niches">
        <Chips items={c.niches} color="primary" />
      </Section>
      <Section title={`Platforms · ${formatCount(totalFollowers(c.platforms))} followers in total`}>
        <Table
          size="small"
          aria-label={`Platforms of ${c.full_name}`}
          sx={{ '& td': { px: 0, pr: 2 }, '& tr:last-child td': { borderBottom: 0 } }}
        >
          <TableBody>
            {c.platforms.map((p, i) => (
              <TableRow key={`${p.name}-${i}`}>
                <TableCell sx={{ fontWeight: 600, width: '1%', whiteSpace: 'nowrap' }}>{p.name}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {p.url ? (
                    <Link href={p.url} {...external}>
                      {p.handle ? `@${p.handle.replace(/^@/, '')}` : p.url}
                    </Link>
                  ) : p.handle ? (
                    `@${p.handle.replace(/^@/, '')}`
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatCount(p.followers)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <Section title="Content types">
          <Chips items={c.content_types} />
        </Section>
        <Section title="Collaboration types">
          <Chips items={c.collab_types} />
        </Section>
      </Box>
      {(c.media_kit_url || c.link_hub_url) && (
        <Section title="Links">
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
            {c.media_kit_url && (
              <Link href={c.media_kit_url} {...external}>
                Media kit
              </Link>
            )}
            {c.link_hub_url && (
              <Link href={c.link_hub_url} {...external}>
                Link hub
              </Link>
            )}
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
