import { useEffect, useState } from 'react';
import { Box, Chip, MenuItem, TextField } from '@mui/material';
import PlaceIcon from '@mui/icons-material/Place';
import { useGetList, useRefresh } from 'react-admin';
import type { AdminCity } from '@local-creators/common';
import { chooseCity, chosenCity, onCityChange, showsCities } from './city-choice';

/** The cities the signed-in admin may see, and whether the console names them at all. */
export function useCities() {
  const { data } = useGetList<AdminCity>(
    'cities',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { staleTime: 60_000 },
  );
  const cities = data ?? [];
  return {
    cities,
    shown: showsCities(cities),
    everyCity: cities.length === 0 || cities[0]!.every_city,
    nameOf: (slug: string) => cities.find((c) => c.id === slug)?.name ?? slug,
  };
}

export function useChosenCity() {
  const [city, setCity] = useState(chosenCity());
  useEffect(() => onCityChange(() => setCity(chosenCity())), []);
  return city;
}

/** The app bar's city filter: every list of the console follows it. Absent in a one-city install. */
export function CityPicker() {
  const { cities, shown } = useCities();
  const city = useChosenCity();
  const refresh = useRefresh();
  // A city the admin lost since it was chosen: back to all of theirs.
  useEffect(() => {
    if (city && cities.length && !cities.some((c) => c.id === city)) chooseCity('');
  }, [city, cities]);
  if (!shown) return null;
  return (
    <>
      {/* Pushes the select to the right, next to the account menu. */}
      <Box sx={{ flex: 1 }} />
      <TextField
        select
        size="small"
        label="City"
        value={cities.some((c) => c.id === city) ? city : ''}
        onChange={(e) => {
          chooseCity(e.target.value);
          refresh();
        }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ flex: '0 0 auto', width: { xs: 130, sm: 180 }, mr: 1 }}
      >
        <MenuItem value="">{cities.length > 1 ? 'All my cities' : cities[0]?.name}</MenuItem>
        {cities.length > 1 &&
          cities.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
      </TextField>
    </>
  );
}

/** A record's city, on every record once the install has more than one city. */
export function CityChip({ slug }: { slug: string | undefined }) {
  const { shown, nameOf } = useCities();
  if (!shown || !slug) return null;
  return <Chip size="small" variant="outlined" icon={<PlaceIcon />} label={nameOf(slug)} sx={{ fontWeight: 500 }} />;
}

/** The same as plain text, for table cells. */
export function CityName({ slug }: { slug: string | undefined }) {
  const { nameOf } = useCities();
  return <>{slug ? nameOf(slug) : '—'}</>;
}
