import { Global, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Cities } from './application/cities';
import { CITY_TABLES } from './infrastructure/city-tables';
import { SqlCities } from './infrastructure/sql-cities';
import { AdminCitiesController } from './http/admin-cities.controller';

/** The cities the install serves; global, as every module that keeps records per city asks it (decision 0600). */
@Global()
@Module({
  imports: [MikroOrmModule.forFeature(Object.values(CITY_TABLES))],
  controllers: [AdminCitiesController],
  providers: [{ provide: Cities, useClass: SqlCities }],
  exports: [Cities],
})
export class CityModule {}
